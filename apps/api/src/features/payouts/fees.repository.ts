import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '#src/db/client.ts';
import { stays, users } from '#src/db/schema/index.ts';

/** `text` matched literally by ilike (its %, _ and backslash escaped). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const ownerName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** Live stays, and of them those whose name or owner's name holds `q`. */
function feesWhere(q: string | undefined): SQL | undefined {
  if (!q) return isNull(stays.archivedAt);
  const contains = `%${likeLiteral(q)}%`;
  return and(isNull(stays.archivedAt), or(ilike(stays.name, contains), ilike(ownerName, contains)));
}

/**
 * Live stays' own fees (null: the platform's default) with their owners' names, by stay name: those whose name or
 * owner's name holds `q`, one page of them (`page` from 1) or all; and how many match.
 */
export async function stayFees(db: Queryable, filter: { q?: string; page?: { number: number; size: number } } = {}) {
  const where = feesWhere(filter.q);
  const base = db
    .select({ id: stays.id, name: stays.name, feeBp: stays.feeBp, ownerName })
    .from(stays)
    .innerJoin(users, eq(users.id, stays.ownerId))
    .where(where)
    .orderBy(asc(stays.name), asc(stays.id));
  const { page } = filter;
  const rows = page ? await base.limit(page.size).offset((page.number - 1) * page.size) : await base;
  if (!page) return { rows, total: rows.length };
  const [counted] = await db.select({ n: count() }).from(stays).innerJoin(users, eq(users.id, stays.ownerId)).where(where);
  return { rows, total: counted?.n ?? 0 };
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
