import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '#src/db/client.ts';
import { stays, users } from '#src/db/schema/index.ts';

/** Every live stay's own fee (null: the platform's default), with its owner's name, by stay name. */
export function stayFees(q: Queryable) {
  return q
    .select({
      id: stays.id,
      name: stays.name,
      feeBp: stays.feeBp,
      ownerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(stays)
    .innerJoin(users, eq(users.id, stays.ownerId))
    .where(isNull(stays.archivedAt))
    .orderBy(asc(stays.name));
}

/** Sets a live stay's fee in basis points (null: the default); undefined when there is no such stay. */
export async function setStayFee(q: Queryable, stayId: string, feeBp: number | null) {
  const [row] = await q
    .update(stays)
    .set({ feeBp })
    .where(and(eq(stays.id, stayId), isNull(stays.archivedAt)))
    .returning({ feeBp: stays.feeBp });
  return row;
}

/** One live stay of an owner as its nights are priced for them: its own fee and where it stands for GST. */
export async function ownerStay(q: Queryable, ownerId: string, stayId: string) {
  const [row] = await q
    .select({ feeBp: stays.feeBp, gstin: stays.gstin, stateCode: stays.stateCode })
    .from(stays)
    .where(and(eq(stays.id, stayId), eq(stays.ownerId, ownerId), isNull(stays.archivedAt)))
    .limit(1);
  return row;
}
