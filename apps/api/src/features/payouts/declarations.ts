import { supplyOf } from '@repo/shared/domain/gst-supply';
import { stateLabel } from '@repo/shared/domain/gstin';
import {
  DECLARATION_MSG,
  type GstDeclarationDto,
  type GstDeclarationInput,
  type GstDeclarationsResult,
} from '@repo/shared/schemas/gst-declaration';
import { STAY_STATE_MSG } from '@repo/shared/schemas/stay';
import type { z } from 'zod';
import type { Queryable } from '#src/db/client.ts';
import { fieldError } from '#src/lib/errors.ts';
import type { Deps } from '#src/platform/deps.ts';
import { refreshSaleStanding } from '#src/features/invoices/index.ts';
import * as repo from './declarations.repository.ts';

type DeclarationsDeps = Pick<Deps, 'db' | 'config'>;
type Row = repo.DeclarationRow;

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
  const [rows, states] = await Promise.all([repo.ownerDeclarations(deps.db, ownerId), repo.ownerStates(deps.db, ownerId)]);
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

/**
 * Checks the GSTIN a stay is listed with against its owner's standing (ADR 054): of their PAN when their payout
 * details give one, and in a state they declared, the GSTIN declared there (none where they declared they are not
 * registered). A 400 on `gstin` that saves nothing.
 */
export async function checkStayGstin(q: Queryable, ownerId: string, stay: { gstin?: string | null; stateCode: string }) {
  if (!stay.gstin) return;
  const [pan, declared] = await Promise.all([repo.payoutPan(q, ownerId), repo.latestDeclaration(q, ownerId, stay.stateCode)]);
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
  const pan = await repo.payoutPan(deps.db, ownerId);
  if (input.gstin && pan && input.gstin.slice(2, 12) !== pan) throw fieldError('gstin', DECLARATION_MSG.gstinOfOtherPan);
  const row = await repo.insertDeclaration(deps.db, {
    ownerId,
    stateCode: input.stateCode,
    registration: input.registration,
    gstin: input.gstin,
    liable: input.liable,
    legalName: input.legalName,
    address: input.address,
  });
  // The owner's stays in the state are listed for sale, or no longer, from now.
  await refreshSaleStanding(deps.db, deps.config.platform.gstins, { ownerId });
  return dtoOf(row);
}
