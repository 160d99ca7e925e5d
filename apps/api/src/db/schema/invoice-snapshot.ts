import type { GstBreakupDto } from '@repo/shared/schemas/gst';

/** Who supplies a booking's nights and issues its documents (ADR 022). */
export type Supplier = {
  legalName: string;
  tradeName: string;
  address: string;
  city: string;
  gstin: string | null;
  /** The platform's own documents for a supply it pays the tax on (CGST Act s.9(5)): the stay it supplies through it. */
  through?: { name: string; legalName: string; address: string; city: string; gstin?: string | null };
};

/** Everything printed on an invoice, bill of supply or credit note, kept as issued (`invoices.snapshot`). */
export type InvoiceSnapshot = {
  /** 2 from ADR 022 (reverse charge, recipient's PIN and state, per-line rates, s.9(5)); absent on earlier ones. */
  version?: 2;
  title: string;
  number: string;
  issuedOn: string;
  financialYear: string;
  supplier: Supplier;
  /**
   * `address`: the guest's billing address (documents issued before it was asked have none); `pin` and `state` (its
   * label, 'Karnataka (29)') from ADR 022, as rule 46 asks of a supply through an e-commerce operator.
   */
  recipient: {
    name: string;
    email: string;
    gstin: string | null;
    company: string | null;
    address?: string | null;
    pin?: string | null;
    state?: string | null;
  };
  /** Whether tax is payable on reverse charge (rule 46(p)): never for accommodation through the platform. */
  reverseCharge?: false;
  placeOfSupply: string;
  sac: string;
  booking: { id: string; orderId: string | null; checkIn: string; checkOut: string; nights: number };
  gst: GstBreakupDto;
  totalInWords: string;
  /** A credit note's invoice, and its total (credit notes issued before partial credits have none). */
  against?: { number: string; issuedOn: string; total?: number };
};
