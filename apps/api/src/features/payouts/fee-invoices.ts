import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { formatDate, todayInIndia } from '@repo/shared/domain/dates';
import { documentNumber, financialYear } from '@repo/shared/domain/gst';
import { GST_STATES } from '@repo/shared/domain/gstin';
import { FEE_GST_RATES, FEE_SAC, halves, rateOn } from '@repo/shared/domain/marketplace';
import { formatPaise } from '@repo/shared/domain/money';
import { and, desc, eq, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { inTransaction, type Queryable, selectRows } from '#src/db/client.ts';
import { type FeeInvoiceSnapshot, feeInvoiceFiles, feeInvoices, payoutProfiles, users } from '#src/db/schema/index.ts';
import { amountInWords, nextSeq } from '#src/features/invoices/index.ts';
import { notFound } from '#src/lib/errors.ts';
import type { Deps } from '#src/platform/deps.ts';
import { PAYOUTS_COPY as C } from './copy.ts';

type FeeDeps = Pick<Deps, 'db' | 'config' | 'log'>;

/** The month before `today`'s (yyyy-MM). */
export const lastMonthOf = (today: string) => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};
const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/**
 * Issues the platform's fee invoices of a month (each owner, each recipient: a registered stay's GSTIN, or the owner
 * unregistered): the fee and its GST on the lines of the settlements of that month, as they were charged (the
 * invoice's GST is the sum of the lines', so the two reconcile to the paisa). A month whose fee nets negative gets a
 * credit note; zero, nothing. The platform's GSTIN of the recipient's state supplies it (CGST + SGST), else its
 * first (IGST). Once per owner, month and recipient (a unique index). Returns how many it issued.
 */
export async function issueFeeInvoices(deps: FeeDeps, month: string) {
  const groups = await selectRows<{
    owner_id: string;
    recipient: string;
    fee: string;
    fee_gst: string;
    fee_gst_bp: number;
    stays: { name: string; taxable: number; fee: number }[];
  }>(
    deps.db,
    sql`select l.owner_id, coalesce(l.supplier_gstin, '') as recipient, sum(l.fee_paise) as fee, sum(l.fee_gst_paise) as fee_gst,
          max(l.fee_gst_bp) as fee_gst_bp,
          (select json_agg(x) from (
             select st.name, sum(l2.taxable_paise)::bigint as taxable, sum(l2.fee_paise)::bigint as fee
             from settlement_lines l2 join settlements s2 on s2.id = l2.settlement_id join stays st on st.id = l2.stay_id
             where l2.owner_id = l.owner_id and coalesce(l2.supplier_gstin, '') = coalesce(l.supplier_gstin, '')
               and to_char(s2.period_end, 'YYYY-MM') = ${month}
             group by st.name order by st.name) x) as stays
        from settlement_lines l join settlements s on s.id = l.settlement_id
        where to_char(s.period_end, 'YYYY-MM') = ${month}
          and not exists (select 1 from fee_invoices f where f.owner_id = l.owner_id and f.month = ${month}
                          and f.recipient_gstin = coalesce(l.supplier_gstin, ''))
        group by l.owner_id, l.supplier_gstin`,
  );
  const issuedOn = lastDayOf(month) < todayInIndia() ? todayInIndia() : lastDayOf(month);
  const platform = deps.config.platform;
  let issued = 0;
  for (const g of groups) {
    const fee = Number(g.fee);
    const gst = Number(g.fee_gst);
    if (fee === 0 && gst === 0) continue;
    const [owner] = await deps.db
      .select({
        first: users.firstName,
        last: users.lastName,
        legalName: payoutProfiles.legalName,
        pan: payoutProfiles.pan,
        state: payoutProfiles.stateCode,
      })
      .from(users)
      .leftJoin(payoutProfiles, eq(payoutProfiles.ownerId, users.id))
      .where(eq(users.id, g.owner_id));
    if (!owner) continue;
    // Place of supply of a service to a registered person: its GSTIN's state; else the recipient's address (IGST Act s.12(2)).
    const stateCode = g.recipient ? g.recipient.slice(0, 2) : (owner.state ?? Object.keys(platform.gstins)[0]!);
    const supplier = platform.gstins[stateCode] ?? Object.values(platform.gstins)[0]!;
    const intra = supplier.slice(0, 2) === stateCode;
    const [cgst, sgst] = intra ? halves(Math.abs(gst)) : [0, 0];
    const sign = fee < 0 || (fee === 0 && gst < 0) ? -1 : 1;
    const kind = sign > 0 ? ('fee_invoice' as const) : ('fee_credit_note' as const);
    const fy = financialYear(issuedOn);
    const made = await inTransaction(deps.db, async (tx) => {
      const seq = await nextSeq(tx, supplier, kind, fy);
      const number = documentNumber(kind === 'fee_invoice' ? 'FI' : 'FC', fy, seq);
      const snapshot: FeeInvoiceSnapshot = {
        title: kind === 'fee_invoice' ? C.feeInvoiceTitle : C.feeCreditNoteTitle,
        number,
        issuedOn,
        month,
        supplier: { legalName: platform.legalName, address: platform.address, gstin: supplier },
        recipient: {
          legalName: owner.legalName ?? `${owner.first} ${owner.last}`,
          gstin: g.recipient || null,
          stateCode,
          state: GST_STATES[stateCode] ?? stateCode,
          pan: owner.pan ?? null,
        },
        placeOfSupply: `${GST_STATES[stateCode] ?? stateCode} (${stateCode})`,
        sac: FEE_SAC,
        ratePercent: (g.fee_gst_bp ?? rateOn(FEE_GST_RATES, issuedOn).bp) / 100,
        taxable: Math.abs(fee),
        cgst,
        sgst: intra ? sgst : 0,
        igst: intra ? 0 : Math.abs(gst),
        total: Math.abs(fee + gst),
        stays: g.stays ?? [],
        totalInWords: amountInWords(Math.abs(fee + gst)),
      };
      const [row] = await tx
        .insert(feeInvoices)
        .values({
          ownerId: g.owner_id,
          month,
          recipientGstin: g.recipient,
          kind,
          supplier,
          number,
          taxablePaise: fee,
          gstPaise: gst,
          snapshot,
        })
        .onConflictDoNothing()
        .returning();
      return row;
    });
    if (made) issued++;
  }
  return issued;
}

export async function listFeeInvoices(q: Queryable, ownerId: string | null, month?: string) {
  const where = and(ownerId ? eq(feeInvoices.ownerId, ownerId) : undefined, month ? eq(feeInvoices.month, month) : undefined);
  const rows = await q.select().from(feeInvoices).where(where).orderBy(desc(feeInvoices.issuedAt)).limit(500);
  return rows.map((f) => ({
    id: f.id,
    number: f.number,
    title: f.snapshot.title,
    month: f.month,
    issuedOn: f.snapshot.issuedOn,
    recipientGstin: f.recipientGstin || null,
    recipientName: f.snapshot.recipient.legalName,
    taxable: f.taxablePaise,
    gst: f.gstPaise,
    total: f.taxablePaise + f.gstPaise,
  }));
}

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const money = (p: number) => formatPaise(p, { alwaysPaise: true });

function drawFeeInvoice(s: FeeInvoiceSnapshot): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `${s.title} ${s.number}`, CreationDate: new Date(`${s.issuedOn}T00:00:00Z`) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('body', FONT).registerFont('bold', FONT_BOLD);
  doc.font('bold').fontSize(18).text(s.title);
  doc
    .font('body')
    .fontSize(10)
    .text(`${s.number} · ${formatDate(s.issuedOn)}`);
  doc.moveDown();
  doc.font('bold').text(s.supplier.legalName);
  doc.font('body').text(s.supplier.address).text(`GSTIN ${s.supplier.gstin}`);
  doc.moveDown();
  doc.font('bold').text('Billed to');
  doc.font('body').text(s.recipient.legalName);
  doc.text(s.recipient.gstin ? `GSTIN ${s.recipient.gstin}` : 'Not registered for GST');
  if (s.recipient.pan) doc.text(`PAN ${s.recipient.pan}`);
  doc.text(`Place of supply: ${s.placeOfSupply}`);
  doc.text('Whether tax is payable on reverse charge: No');
  doc.moveDown();
  doc.font('bold').text(`${C.feeDescription}, ${s.month} (SAC ${s.sac})`);
  doc.font('body');
  for (const st of s.stays)
    doc.text(`${st.name}: fee ${money(Math.abs(st.fee))} on stays of ${money(Math.abs(st.taxable))} before tax`);
  doc.moveDown();
  doc.text(`Taxable value: ${money(s.taxable)}`);
  if (s.igst) doc.text(`IGST @ ${s.ratePercent}%: ${money(s.igst)}`);
  else doc.text(`CGST @ ${s.ratePercent / 2}%: ${money(s.cgst)}`).text(`SGST @ ${s.ratePercent / 2}%: ${money(s.sgst)}`);
  doc.font('bold').text(`Total: ${money(s.total)}`);
  doc.font('body').text(s.totalInWords);
  doc.end();
  return done;
}

/** A fee invoice's PDF: drawn once at its first use and kept; every later use serves the same bytes. */
export async function feeInvoiceFile(deps: Pick<Deps, 'db'>, id: string, ownerId: string | null) {
  const [row] = await deps.db
    .select()
    .from(feeInvoices)
    .where(ownerId ? and(eq(feeInvoices.id, id), eq(feeInvoices.ownerId, ownerId)) : eq(feeInvoices.id, id));
  if (!row) throw notFound(C.feeInvoiceMissing);
  const [kept] = await deps.db.select().from(feeInvoiceFiles).where(eq(feeInvoiceFiles.feeInvoiceId, id));
  if (kept) return { number: row.number, pdf: kept.pdf };
  const pdf = await drawFeeInvoice(row.snapshot);
  await deps.db
    .insert(feeInvoiceFiles)
    .values({ feeInvoiceId: id, pdf, sha256: createHash('sha256').update(pdf).digest('hex') })
    .onConflictDoNothing();
  const [stored] = await deps.db.select().from(feeInvoiceFiles).where(eq(feeInvoiceFiles.feeInvoiceId, id));
  return { number: row.number, pdf: stored?.pdf ?? pdf };
}
