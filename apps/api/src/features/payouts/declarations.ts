import { supplyOf } from '@repo/shared/domain/gst-supply';
import { stateLabel } from '@repo/shared/domain/gstin';
import {
  DECLARATION_MSG,
  type GstDeclarationDto,
  type GstDeclarationInput,
  type GstDeclarationsResult,
} from '@repo/shared/schemas/gst-declaration';
import { STAY_STATE_MSG } from '@repo/shared/schemas/stay';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Queryable, selectRows } from '#src/db/client.ts';
import { gstDeclarations, payoutProfiles } from '#src/db/schema/index.ts';
import { fieldError } from '#src/lib/errors.ts';
import type { Deps } from '#src/platform/deps.ts';
import { refreshSaleStanding } from '#src/features/invoices/index.ts';

type DeclarationsDeps = Pick<Deps, 'db' | 'config'>;
type Row = typeof gstDeclarations.$inferSelect;

const dtoOf = (r: Row): GstDeclarationDto => ({
  id: r.id,
  stateCode: r.stateCode,
  registration: r.registration,
  gstin: r.gstin,
  liable: r.liable,
  legalName: r.legalName,
  address: r.address,
  declaredAt: r.createdAt.toISOString(),
});

/**
 * The owner's GST standing per state they have stays in: the declaration in force and who supplies (and invoices)
 * the nights by it, or why nobody may sell them (ADR 054); and every declaration made, newest first.
 */
export async function declarationsOf(deps: DeclarationsDeps, ownerId: string): Promise<GstDeclarationsResult> {
  const [rows, states] = await Promise.all([
    deps.db
      .select()
      .from(gstDeclarations)
      .where(eq(gstDeclarations.ownerId, ownerId))
      .orderBy(desc(gstDeclarations.createdAt), desc(gstDeclarations.id)),
    selectRows<{ state_code: string; stays: number; gstin: string | null }>(
      deps.db,
      sql`select coalesce(state_code, left(gstin, 2)) as state_code, count(*)::int as stays,
            max(gstin) filter (where gstin like coalesce(state_code, left(gstin, 2)) || '%') as gstin
          from stays where owner_id = ${ownerId}::uuid and archived_at is null
            and coalesce(state_code, left(gstin, 2)) is not null
          group by 1 order by 1`,
    ),
  ]);
  const history = rows.map(dtoOf);
  const codes = [...new Set([...states.map((s) => s.state_code), ...rows.map((r) => r.stateCode)])].sort();
  return {
    history,
    states: codes.map((stateCode) => {
      const declared = rows.find((r) => r.stateCode === stateCode) ?? null;
      const ofState = states.find((s) => s.state_code === stateCode);
      const supply = supplyOf(declared, { gstin: ofState?.gstin ?? null, stateCode }, deps.config.platform.gstins);
      return {
        stateCode,
        stays: ofState?.stays ?? 0,
        declaration: declared ? dtoOf(declared) : null,
        supply: supply.by,
        invoicedUnder: supply.by === 'owner' ? supply.gstin : supply.by === 'platform' ? supply.platformGstin : null,
        notForSale: supply.by === 'nobody' ? supply.reason : null,
      };
    }),
  };
}

/** The PAN on the owner's payout details (null: none given). */
async function panOf(q: Queryable, ownerId: string) {
  const [row] = await q.select({ pan: payoutProfiles.pan }).from(payoutProfiles).where(eq(payoutProfiles.ownerId, ownerId));
  return row?.pan ?? null;
}

/**
 * Checks the GSTIN a stay is listed with against its owner's standing (ADR 054): of their PAN when their payout
 * details give one, and in a state they declared, the GSTIN declared there (none where they declared they are not
 * registered). A 400 on `gstin` that saves nothing.
 */
export async function checkStayGstin(q: Queryable, ownerId: string, stay: { gstin?: string | null; stateCode: string }) {
  if (!stay.gstin) return;
  const [pan, [declared]] = await Promise.all([
    panOf(q, ownerId),
    q
      .select({ registration: gstDeclarations.registration, gstin: gstDeclarations.gstin })
      .from(gstDeclarations)
      .where(and(eq(gstDeclarations.ownerId, ownerId), eq(gstDeclarations.stateCode, stay.stateCode)))
      .orderBy(desc(gstDeclarations.createdAt), desc(gstDeclarations.id))
      .limit(1),
  ]);
  if (pan && stay.gstin.slice(2, 12) !== pan) throw fieldError('gstin', DECLARATION_MSG.gstinOfOtherPan);
  if (declared?.registration === 'none') throw fieldError('gstin', STAY_STATE_MSG.gstinNotRegistered(stateLabel(stay.stateCode)));
  if (declared?.gstin && declared.gstin !== stay.gstin)
    throw fieldError('gstin', STAY_STATE_MSG.gstinNotDeclared(declared.gstin));
}

/**
 * Records a new declaration for a state, in force from now. A GSTIN must be of the state (the schema) and of the
 * owner's PAN when their payout details give one (a GSTIN's characters 3 to 12 are its holder's PAN).
 */
export async function declare(
  deps: DeclarationsDeps,
  ownerId: string,
  input: z.output<typeof GstDeclarationInput>,
): Promise<GstDeclarationDto> {
  const pan = await panOf(deps.db, ownerId);
  if (input.gstin && pan && input.gstin.slice(2, 12) !== pan) throw fieldError('gstin', DECLARATION_MSG.gstinOfOtherPan);
  const [row] = await deps.db
    .insert(gstDeclarations)
    .values({
      ownerId,
      stateCode: input.stateCode,
      registration: input.registration,
      gstin: input.gstin,
      liable: input.liable,
      legalName: input.legalName,
      address: input.address,
    })
    .returning();
  // The owner's stays in the state are listed for sale, or no longer, from now.
  await refreshSaleStanding(deps.db, deps.config.platform.gstins, { ownerId });
  return dtoOf(row!);
}
