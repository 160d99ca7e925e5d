import { and, desc, eq, sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '#src/db/client.ts';
import { gstDeclarations, payoutProfiles } from '#src/db/schema/index.ts';

export type DeclarationRow = typeof gstDeclarations.$inferSelect;

/** Every declaration an owner made, newest first. */
export function ownerDeclarations(q: Queryable, ownerId: string): Promise<DeclarationRow[]> {
  return q
    .select()
    .from(gstDeclarations)
    .where(eq(gstDeclarations.ownerId, ownerId))
    .orderBy(desc(gstDeclarations.createdAt), desc(gstDeclarations.id));
}

/** The states an owner's live stays stand in, with how many stays and the GSTIN one of them is listed with there. */
export function ownerStates(q: Queryable, ownerId: string) {
  return selectRows<{ state_code: string; stays: number; gstin: string | null }>(
    q,
    sql`select coalesce(state_code, left(gstin, 2)) as state_code, count(*)::int as stays,
          max(gstin) filter (where gstin like coalesce(state_code, left(gstin, 2)) || '%') as gstin
        from stays where owner_id = ${ownerId}::uuid and archived_at is null
          and coalesce(state_code, left(gstin, 2)) is not null
        group by 1 order by 1`,
  );
}

/** The owner's latest declaration for a state, or with a GSTIN (undefined: none). */
export async function latestDeclaration(q: Queryable, ownerId: string, by: string | { gstin: string }) {
  const [row] = await q
    .select()
    .from(gstDeclarations)
    .where(
      and(
        eq(gstDeclarations.ownerId, ownerId),
        typeof by === 'string' ? eq(gstDeclarations.stateCode, by) : eq(gstDeclarations.gstin, by.gstin),
      ),
    )
    .orderBy(desc(gstDeclarations.createdAt), desc(gstDeclarations.id))
    .limit(1);
  return row;
}

/** The PAN on the owner's payout details (null: none given). */
export async function payoutPan(q: Queryable, ownerId: string): Promise<string | null> {
  const [row] = await q.select({ pan: payoutProfiles.pan }).from(payoutProfiles).where(eq(payoutProfiles.ownerId, ownerId));
  return row?.pan ?? null;
}

/** Records a declaration (append-only: a trigger refuses changing or deleting one). */
export async function insertDeclaration(q: Queryable, values: typeof gstDeclarations.$inferInsert): Promise<DeclarationRow> {
  const [row] = await q.insert(gstDeclarations).values(values).returning();
  if (!row) throw new Error('declaration not recorded');
  return row;
}
