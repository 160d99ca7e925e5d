/**
 * How long what is held about a person is kept once its purpose is served (DPDP Act 2023 s.8(7); ADR 051): the
 * privacy notice says these periods and the scheduled retention work carries them out, so both read them from here.
 * Tax and payment records follow the CGST Act instead (gstRecordsKeptUntil in ./gst.ts).
 */
export const RETENTION = {
  /** Ended sessions and used or expired password-reset and email-confirmation links: deleted a week after they end. */
  signInRecordsDays: 7,
  /** Mails once sent (the outbox holds them until then): deleted 30 days after sending. */
  sentMailsDays: 30,
  /** The network address a payment hold came from (ADR 024): cleared 30 days after the booking was made. */
  holdAddressDays: 30,
  /**
   * A closed complaint's words (its description and every answer): replaced three years after it was closed, past
   * the two years in which a consumer may take it to a Consumer Commission (Consumer Protection Act 2019, s.69(1)).
   * Its ticket number, category, dates and status stay.
   */
  closedComplaintYears: 3,
  /**
   * A foreign guest's Form C details (passport, visa, travel) and name: erased a year after their departure, the
   * least the Immigration and Foreigners Rules, 2025 (rule 17(1)) require a stay to keep them electronically. The
   * report's dates, nationality and submission reference stay.
   */
  foreignGuestReportYears: 1,
} as const;

/** What stands in for the words of a complaint past its period. */
export const REMOVED_COMPLAINT_TEXT = `(removed ${RETENTION.closedComplaintYears} years after the complaint was closed)`;
