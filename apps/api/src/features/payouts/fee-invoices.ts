import { formatDate, todayInIndia } from '@repo/shared/domain/dates';
import { creditNoteInTime, documentNumber, financialYear } from '@repo/shared/domain/gst';
import { GST_STATES } from '@repo/shared/domain/gstin';
import { FEE_GST_RATES, FEE_SAC, halves, rateOn } from '@repo/shared/domain/marketplace';
import { inTransaction, type Queryable } from '#src/db/client.ts';
import type { FeeInvoiceSnapshot } from '#src/db/schema/index.ts';
import { amountInWords, nextSeq, titleCase } from '#src/features/invoices/index.ts';
import { notFound } from '#src/lib/errors.ts';
import type { Deps } from '#src/platform/deps.ts';
import { PAYOUTS_COPY as C } from './copy.ts';
import { keptFile, money, newPdf } from '#src/platform/documents/index.ts';
import * as declarations from './declarations.repository.ts';
import * as repo from './fee-invoices.repository.ts';
import { LOOK_BACK_DAYS } from './settlements.repository.ts';

type FeeDeps = Pick<Deps, 'db' | 'config' | 'log' | 'clock'>;

/** The recipient of a fee document as it prints them. */
type Recipient = FeeInvoiceSnapshot['recipient'];

type FeeLine = repo.FeeLine;

/**
 * Who a fee document is billed to (rule 46(b), (d)): for a GSTIN, the legal name and address declared with it
 * (ADR 054); unregistered, the owner's own as declared for their state, else their payout details' legal name and
 * billing address on record.
 */
async function recipientOf(q: Queryable, ownerId: string, gstin: string, fallbackState: string | null): Promise<Recipient> {
  const owner = await repo.ownerAsRecipient(q, ownerId);
  const stateCode = gstin ? gstin.slice(0, 2) : (owner?.state ?? fallbackState ?? '');
  const declared = await declarations.latestDeclaration(q, ownerId, gstin ? { gstin } : stateCode);
  // Without a declaration, a GSTIN is the one a stay of theirs was listed with, under the legal name and address given
  // there (ADR 054's default).
  const listed = gstin && !declared ? await repo.stayListedWith(q, ownerId, gstin) : undefined;
  const billing = owner?.billing ? [owner.billing, owner.pin].filter(Boolean).join(' ') : null;
  const fallbackName = owner?.legalName ?? `${owner?.first ?? ''} ${owner?.last ?? ''}`.trim();
  return {
    legalName: declared?.legalName ?? (listed?.legalName || fallbackName),
    gstin: gstin || null,
    stateCode,
    state: GST_STATES[stateCode] ?? stateCode,
    pan: owner?.pan ?? (gstin ? gstin.slice(2, 12) : null),
    address: declared?.address ?? (listed ? `${listed.address}, ${titleCase(listed.city)}` : billing),
  };
}

/** The stays of a document's lines: their value before tax and fee, by stay. */
function staysOf(lines: readonly FeeLine[]) {
  const by = new Map<string, { name: string; taxable: number; fee: number }>();
  for (const l of lines) {
    const row = by.get(l.stay_name) ?? { name: l.stay_name, taxable: 0, fee: 0 };
    row.taxable += Number(l.taxable);
    row.fee += Number(l.fee);
    by.set(l.stay_name, row);
  }
  return [...by.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Issues the platform's fee documents of one settlement (ADR 055), once: per recipient (a registered stay's GSTIN,
 * or the owner unregistered) a tax invoice of the fee the settlement deducted for its new bookings (the fee is
 * deducted when settled, so it is invoiced then: s.31(5)(a) CGST Act and rule 47, within the time allowed), and
 * for a refund that lowers the fee of a booking invoiced before, a credit note against that invoice (s.34(1), rule
 * 53(1A)) — while s.34(2) allows one; after, the fee is refunded without reducing the tax. Each document's GST is
 * the sum of its lines' (each an even number of paise: CGST and SGST in equal halves). Returns how many it issued.
 */
export async function issueFeeDocuments(deps: FeeDeps, settlementId: string): Promise<number> {
  const settled = await repo.settlementById(deps.db, settlementId);
  if (!settled) return 0;
  const lines = await repo.feeLinesOf(deps.db, settlementId);
  const today = todayInIndia(deps.clock.now());
  const originals = new Map(
    (await repo.feeDocumentsByIds(deps.db, [...new Set(lines.flatMap((l) => (l.original_id ? [l.original_id] : [])))])).map(
      (f) => [f.id, f],
    ),
  );
  // A refund of a booking invoiced before is credited against that invoice, while a credit note may still reduce
  // its tax; anything else is on this settlement's invoice.
  const creditable = (l: FeeLine) => {
    const of = l.original_id ? originals.get(l.original_id) : undefined;
    return l.kind === 'adjustment' && Number(l.fee) < 0 && of && creditNoteInTime(of.snapshot.issuedOn, today) ? of : undefined;
  };
  const month = settled.periodEnd.slice(0, 7);
  const period = { start: settled.periodStart, end: settled.periodEnd };
  let issued = 0;
  for (const recipientGstin of [...new Set(lines.map((l) => l.recipient))]) {
    const own = lines.filter((l) => l.recipient === recipientGstin);
    const invoiced = own.filter((l) => !creditable(l));
    const recipient = await recipientOf(deps.db, settled.ownerId, recipientGstin, null);
    const fee = invoiced.reduce((a, l) => a + Number(l.fee), 0);
    if (fee > 0)
      issued += await issueFeeDocument(deps, {
        ownerId: settled.ownerId,
        settlementId,
        month,
        period,
        kind: 'fee_invoice',
        recipient,
        lines: invoiced,
      });
    else if (invoiced.length > 0 && fee < 0)
      deps.log.warn({ settlementId, recipientGstin, fee }, 'fee documents: a fee refunded with no invoice to credit');
    const byOriginal = new Map<string, FeeLine[]>();
    for (const l of own.filter((x) => creditable(x)))
      byOriginal.set(l.original_id!, [...(byOriginal.get(l.original_id!) ?? []), l]);
    for (const [id, credited] of byOriginal) {
      const of = originals.get(id)!;
      issued += await issueFeeDocument(deps, {
        ownerId: settled.ownerId,
        settlementId,
        month,
        period,
        kind: 'fee_credit_note',
        recipient: of.snapshot.recipient,
        lines: credited,
        against: of,
      });
    }
  }
  return issued;
}

/** One fee document, numbered in the platform's series of its GSTIN for the recipient's state. */
async function issueFeeDocument(
  deps: FeeDeps,
  d: {
    ownerId: string;
    settlementId: string;
    month: string;
    period: { start: string; end: string };
    kind: 'fee_invoice' | 'fee_credit_note';
    recipient: Recipient;
    lines: readonly FeeLine[];
    against?: repo.FeeDocumentRow;
  },
): Promise<number> {
  const platform = deps.config.platform;
  const fee = d.lines.reduce((a, l) => a + Number(l.fee), 0);
  const gst = d.lines.reduce((a, l) => a + Number(l.fee_gst), 0);
  const issuedOn = todayInIndia(deps.clock.now());
  // Place of supply of a service to a registered person: its GSTIN's state; else the recipient's address (IGST Act
  // s.12(2)). A credit note keeps its invoice's supplier.
  const stateCode = d.recipient.stateCode || Object.keys(platform.gstins)[0]!;
  const supplier = d.against?.supplier ?? platform.gstins[stateCode] ?? Object.values(platform.gstins)[0]!;
  const intra = supplier.slice(0, 2) === stateCode;
  const [cgst, sgst] = intra ? halves(Math.abs(gst)) : [0, 0];
  const fy = financialYear(issuedOn);
  const made = await inTransaction(deps.db, async (tx) => {
    const seq = await nextSeq(tx, supplier, d.kind, fy);
    const number = documentNumber(d.kind === 'fee_invoice' ? 'FI' : 'FC', fy, seq);
    const snapshot: FeeInvoiceSnapshot = {
      title: d.kind === 'fee_invoice' ? C.feeInvoiceTitle : C.feeCreditNoteTitle,
      number,
      issuedOn,
      month: d.month,
      period: d.period,
      supplier: { legalName: platform.legalName, address: platform.address, gstin: supplier },
      recipient: d.recipient,
      placeOfSupply: `${GST_STATES[stateCode] ?? stateCode} (${stateCode})`,
      sac: FEE_SAC,
      ratePercent: (d.lines[0]?.fee_gst_bp ?? rateOn(FEE_GST_RATES, issuedOn).bp) / 100,
      taxable: Math.abs(fee),
      cgst,
      sgst: intra ? sgst : 0,
      igst: intra ? 0 : Math.abs(gst),
      total: Math.abs(fee + gst),
      stays: staysOf(d.lines),
      totalInWords: amountInWords(Math.abs(fee + gst)),
      ...(d.against ? { against: { number: d.against.number, issuedOn: d.against.snapshot.issuedOn } } : {}),
    };
    const row = await repo.insertFeeDocument(tx, {
      ownerId: d.ownerId,
      month: d.month,
      settlementId: d.settlementId,
      recipientGstin: d.recipient.gstin ?? '',
      kind: d.kind,
      againstId: d.against?.id ?? null,
      supplier,
      number,
      taxablePaise: fee,
      gstPaise: gst,
      snapshot,
    });
    // Another run issued it first: its number goes back with this transaction.
    if (!row) throw new AlreadyIssued();
    return row;
  }).catch((err: unknown) => {
    if (err instanceof AlreadyIssued) return undefined;
    throw err;
  });
  return made ? 1 : 0;
}

class AlreadyIssued extends Error {}

/**
 * Issues the fee documents of every settlement made in the last LOOK_BACK_DAYS that has none yet (a run issues them
 * right after it settles; this catches one cut short). Returns how many it issued.
 */
export async function issueDueFeeDocuments(deps: FeeDeps): Promise<number> {
  const since = new Date(deps.clock.now().getTime() - LOOK_BACK_DAYS * 86_400_000);
  const due = await repo.settlementsWithoutFeeDocuments(deps.db, since);
  let issued = 0;
  for (const s of due) issued += await issueFeeDocuments(deps, s.id);
  return issued;
}

export async function listFeeInvoices(q: Queryable, ownerId: string | null, month?: string) {
  const rows = await repo.feeDocumentRows(q, ownerId, month);
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

function drawFeeInvoice(s: FeeInvoiceSnapshot): Promise<Buffer> {
  const { doc, done } = newPdf({
    size: 'A4',
    margin: 48,
    info: { Title: `${s.title} ${s.number}`, CreationDate: new Date(`${s.issuedOn}T00:00:00Z`) },
  });
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
  if (s.recipient.address) doc.text(s.recipient.address);
  doc.text(s.recipient.gstin ? `GSTIN ${s.recipient.gstin}` : 'Not registered for GST');
  if (s.recipient.pan) doc.text(`PAN ${s.recipient.pan}`);
  doc.text(`Place of supply: ${s.placeOfSupply}`);
  doc.text('Whether tax is payable on reverse charge: No');
  if (s.against) doc.text(C.feeCreditAgainst(s.against.number, formatDate(s.against.issuedOn)));
  doc.moveDown();
  const when = s.period ? `${formatDate(s.period.start)} – ${formatDate(s.period.end)}` : s.month;
  doc.font('bold').text(`${C.feeDescription}, ${when} (SAC ${s.sac})`);
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
  const row = await repo.feeDocumentOf(deps.db, id, ownerId);
  if (!row) throw notFound(C.feeInvoiceMissing);
  const pdf = await keptFile(repo.feeFileStore(deps.db, id), () => drawFeeInvoice(row.snapshot));
  return { number: row.number, pdf };
}
