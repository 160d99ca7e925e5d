import type { TaxSlab } from './gst.ts';

/**
 * The SAC of accommodation (996311: hotel, inn, guest house, club, campsite or similar accommodation), printed in
 * six digits on every tax invoice and credit note and in GSTR-1's SAC summary (Notification 78/2020-Central Tax of
 * 15 Oct 2020, from 1 Apr 2021; ADR 047). Documents issued before keep the code they were printed with.
 */
export const ACCOMMODATION_SAC = '996311';

/**
 * GST on accommodation as the notifications state it (ADR 022): from `startsOn`, a unit of accommodation whose
 * value of supply a day is over `tariffOver` rupees is taxed at `ratePercent`; at or under the lowest floor of a
 * period it is exempt. Each period is the rows of one `startsOn` and lasts until the next. A change of the law is
 * new rows with their start date, shipped ahead of it; a booking is taxed at the rates of its time of supply (the
 * day its payment is taken and its invoice issued), never re-priced by a later change.
 */
export const GST_ACCOMMODATION_RATES: readonly TaxSlab[] = [
  // Notification 20/2019-Central Tax (Rate), from 1 Oct 2019: up to ₹1,000 exempt (12/2017-CT(Rate)),
  // ₹1,001–7,500 at 12 %, above ₹7,500 at 18 %.
  { startsOn: '2019-10-01', tariffOver: 1000, ratePercent: 12 },
  { startsOn: '2019-10-01', tariffOver: 7500, ratePercent: 18 },
  // Notifications 03/2022 and 04/2022-Central Tax (Rate), from 18 Jul 2022: the exemption up to ₹1,000 is
  // withdrawn; up to ₹7,500 at 12 %, above at 18 %.
  { startsOn: '2022-07-18', tariffOver: 0, ratePercent: 12 },
  { startsOn: '2022-07-18', tariffOver: 7500, ratePercent: 18 },
  // Notification 15/2025-Central Tax (Rate) of 17 Sep 2025, from 22 Sep 2025: up to ₹7,500 a day at 5 % (without
  // input tax credit), above ₹7,500 at 18 %.
  { startsOn: '2025-09-22', tariffOver: 0, ratePercent: 5 },
  { startsOn: '2025-09-22', tariffOver: 7500, ratePercent: 18 },
];
