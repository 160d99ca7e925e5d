import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FileStore } from '#src/platform/documents/index.ts';
import { type Queryable, selectRows, type Tx } from '#src/db/client.ts';
import {
  feeInvoiceFiles,
  feeInvoices,
  gstDeclarations,
  payoutProfiles,
  settlements,
  stays,
  users,
} from '#src/db/schema/index.ts';

export type FeeDocumentRow = typeof feeInvoices.$inferSelect;

/** A settlement line as its fee documents take it, with the fee invoice its booking's first credit was on. */
export type FeeLine = {
  kind: 'booking' | 'adjustment';
  recipient: string;
  fee: string;
  fee_gst: string;
  fee_gst_bp: number;
  taxable: string;
  stay_name: string;
  original_id: string | null;
};

/** The owner as a fee document's recipient may name them: account name, billing address, payout details' name, PAN and state. */
export async function ownerAsRecipient(q: Queryable, ownerId: string) {
  const [owner] = await q
    .select({
      first: users.firstName,
      last: users.lastName,
      billing: users.billingAddress,
      pin: users.billingPin,
      legalName: payoutProfiles.legalName,
      pan: payoutProfiles.pan,
      state: payoutProfiles.stateCode,
    })
    .from(users)
    .leftJoin(payoutProfiles, eq(payoutProfiles.ownerId, users.id))
    .where(eq(users.id, ownerId));
  return owner;
}

/** A stay of the owner's listed with this GSTIN: the legal name and address given there. */
export async function stayListedWith(q: Queryable, ownerId: string, gstin: string) {
  const [listed] = await q
    .select({ legalName: stays.legalName, address: stays.address, city: stays.city })
    .from(stays)
    .where(and(eq(stays.ownerId, ownerId), eq(stays.gstin, gstin)))
    .limit(1);
  return listed;
}

export async function settlementById(q: Queryable, id: string) {
  const [settled] = await q.select().from(settlements).where(eq(settlements.id, id));
  return settled;
}

/**
 * The GSTIN a settlement line's fee is billed to ('' unregistered): the stay's when it supplied the nights, else the
 * owner's GSTIN the platform's invoice named under s.9(5) (registered though not liable: the fee is a supply to a
 * registered person, who may take its credit).
 */
const recipientOfLine = (alias: 'l' | 'f0') =>
  sql.raw(`coalesce(${alias}.supplier_gstin,
    (select nullif(i.snapshot->'supplier'->'through'->>'gstin', '') from invoices i
     where i.booking_id = ${alias}.booking_id and i.kind = 'invoice' limit 1), '')`);

/** A settlement's lines as its fee documents take them, each adjustment with the fee invoice its booking was first on. */
export function feeLinesOf(q: Queryable, settlementId: string) {
  return selectRows<FeeLine>(
    q,
    sql`select l.kind, ${recipientOfLine('l')} as recipient, l.fee_paise as fee, l.fee_gst_paise as fee_gst,
          l.fee_gst_bp, l.taxable_paise as taxable, st.name as stay_name,
          case when l.kind = 'adjustment' then (
            select fi.id from settlement_lines f0 join settlements s0 on s0.id = f0.settlement_id
            join fee_invoices fi on fi.owner_id = f0.owner_id and fi.kind = 'fee_invoice'
              and fi.recipient_gstin = ${recipientOfLine('f0')}
              and (fi.settlement_id = f0.settlement_id
                   or (fi.settlement_id is null and fi.month = to_char(s0.period_end, 'YYYY-MM')))
            where f0.booking_id = l.booking_id and f0.kind = 'booking'
            order by f0.id limit 1) end as original_id
        from settlement_lines l join stays st on st.id = l.stay_id
        where l.settlement_id = ${settlementId}::uuid
        order by l.id`,
  );
}

export function feeDocumentsByIds(q: Queryable, ids: string[]): Promise<FeeDocumentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return q.select().from(feeInvoices).where(inArray(feeInvoices.id, ids));
}

/** Stores a fee document; undefined when another run issued it first (one per settlement, recipient and kind). */
export async function insertFeeDocument(tx: Tx, values: typeof feeInvoices.$inferInsert) {
  const [row] = await tx.insert(feeInvoices).values(values).onConflictDoNothing().returning();
  return row;
}

/** Settlements made since `since` with a fee and no fee document yet. */
export function settlementsWithoutFeeDocuments(q: Queryable, since: Date) {
  return selectRows<{ id: string }>(
    q,
    sql`select s.id from settlements s
        where s.created_at >= ${since} and s.line_count > 0
          and not exists (select 1 from fee_invoices f where f.settlement_id = s.id)
          and exists (select 1 from settlement_lines l where l.settlement_id = s.id and l.fee_paise <> 0)
        order by s.created_at`,
  );
}

/** Fee documents, newest first (an owner's, or every owner's: `ownerId` null; of a month when given), at most 500. */
export function feeDocumentRows(q: Queryable, ownerId: string | null, month?: string) {
  const where = and(ownerId ? eq(feeInvoices.ownerId, ownerId) : undefined, month ? eq(feeInvoices.month, month) : undefined);
  return q.select().from(feeInvoices).where(where).orderBy(desc(feeInvoices.issuedAt)).limit(500);
}

/** One fee document (an owner's only, unless `ownerId` is null). */
export async function feeDocumentOf(q: Queryable, id: string, ownerId: string | null) {
  const [row] = await q
    .select()
    .from(feeInvoices)
    .where(ownerId ? and(eq(feeInvoices.id, id), eq(feeInvoices.ownerId, ownerId)) : eq(feeInvoices.id, id));
  return row;
}

/** Where a fee document's file is kept (fee_invoice_files, append-only). */
export const feeFileStore = (q: Queryable, id: string): FileStore => ({
  find: async () => (await q.select().from(feeInvoiceFiles).where(eq(feeInvoiceFiles.feeInvoiceId, id)))[0]?.pdf,
  keep: async (file) => {
    await q
      .insert(feeInvoiceFiles)
      .values({ feeInvoiceId: id, ...file })
      .onConflictDoNothing();
  },
});
