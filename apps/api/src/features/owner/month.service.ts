import { todayInIndia } from '@repo/shared/domain/dates';
import { gstRatePercent, slabsOn, splitNights } from '@repo/shared/domain/gst';
import { GST_ACCOMMODATION_RATES } from '@repo/shared/domain/gst-rates';
import {
  type MonthFiguresDto,
  type MonthSort,
  type MonthStayDto,
  monthRange,
  OWNER_LIMITS,
  type OwnerMonthDto,
  type OwnerMonthQuery,
} from '@repo/shared/schemas/owner';
import { nightlyFigures, occupancyOf, windowFigures } from './occupancy.service.ts';
import * as repo from './owner.repository.ts';
import type { OwnerDeps } from './reservations.service.ts';

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** The platform's fee on an owner's month and what is payable to them for it, in paise. */
export type MonthFeeAndPayable = { feePaise: number; payablePaise: number; available: boolean };

/**
 * The platform's fee on the owner's stays for the month (with its GST) and what is payable to the owner for it: the
 * sums of the settlements whose period lies in the month (ADR 032: each lies in one). `available` is false while the
 * month has none (the dashboard says "Not settled yet").
 */
export async function monthFeeAndPayable(deps: OwnerDeps, ownerId: string, month: string): Promise<MonthFeeAndPayable> {
  const sums = await repo.monthSettlements(deps.db, ownerId, month);
  return { feePaise: sums.fee, payablePaise: sums.payable, available: sums.count > 0 };
}

/** A month's figures from its sums (ADR 039): occupancy as ADR 019 defines it, ADR and RevPAR rounded to the paisa. */
function monthFigures(soldNights: number, sellableNights: number, revenue: number, netRevenue: number): MonthFiguresDto {
  return {
    soldNights,
    sellableNights,
    occupancy: occupancyOf(soldNights, sellableNights),
    revenue,
    netRevenue,
    adr: soldNights > 0 ? Math.round(revenue / soldNights) : null,
    revpar: sellableNights > 0 ? Math.round(revenue / sellableNights) : null,
  };
}

/**
 * One stay's month: its nights as ADR 019 counts them (the same `nightlyFigures` and `windowFigures` as its own
 * figures), and its room revenue net of GST: the sold nights' money at each GST rate, less the GST in it
 * night by night (`splitNights`, as an invoice line does), at the rate the booking's invoice charged on that room and tariff, or
 * — for a night without an issued invoice — the rate the law sets for that tariff on that night.
 */
function stayMonth(row: repo.MonthRow, from: string, to: string): MonthStayDto {
  const soldBy = new Map<string, { sold: number; paise: number }>();
  let net = 0;
  for (const [night, rupees, rate, count] of json(row.sold)) {
    const sold = Number(count);
    const paise = Math.round(Number(rupees) * 100) * sold;
    const at = soldBy.get(night) ?? { sold: 0, paise: 0 };
    soldBy.set(night, { sold: at.sold + sold, paise: at.paise + paise });
    const ratePercent = rate === null ? gstRatePercent(slabsOn(GST_ACCOMMODATION_RATES, night), Number(rupees)) : Number(rate);
    net += splitNights(Math.round(Number(rupees) * 100), sold, ratePercent).taxable;
  }
  const blockedBy = new Map(json(row.blocked).map(([night, blocked]) => [night, Number(blocked)]));
  const month = windowFigures(nightlyFigures(Number(row.rooms), soldBy, blockedBy, from, to), from, to);
  return {
    stayId: row.id,
    name: row.name,
    city: row.city,
    ...monthFigures(month.soldNights, month.sellableNights, month.revenue, net),
  };
}

const byName = (a: MonthStayDto, b: MonthStayDto) => a.name.localeCompare(b.name, 'en-IN') || (a.stayId < b.stayId ? -1 : 1);

/** The table's order: by the figure asked (a stay without one — nothing sellable or sold — last), then by name. */
function compareBy(sort: MonthSort, dir: 'asc' | 'desc') {
  const sign = dir === 'asc' ? 1 : -1;
  if (sort === 'name') return (a: MonthStayDto, b: MonthStayDto) => sign * byName(a, b);
  return (a: MonthStayDto, b: MonthStayDto) => {
    const x = a[sort];
    const y = b[sort];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || byName(a, b);
  };
}

/** A stay matches a search when its name or city holds the text (case-insensitive). */
const matches = (q: string) => {
  const text = q.toLowerCase();
  return (s: MonthStayDto) => s.name.toLowerCase().includes(text) || s.city.toLowerCase().includes(text);
};

/**
 * The owner's month at a glance (ADR 039): totals over every live stay of theirs — occupancy, room revenue (what
 * guests paid for the nights) and the same net of GST, ADR, RevPAR, the platform's fee and what is payable — and a
 * page of their stays with the same figures, matching the search, sorted. Only the owner's own stays (ADR 023).
 */
export async function ownerMonth(
  deps: OwnerDeps,
  ownerId: string,
  query: Omit<OwnerMonthQuery, 'page' | 'sort' | 'dir'> & { page: number; sort: MonthSort; dir: 'asc' | 'desc' },
): Promise<OwnerMonthDto> {
  const month = query.month ?? todayInIndia(deps.clock.now()).slice(0, 7);
  const { from, to } = monthRange(month);
  const [rows, money] = await Promise.all([
    repo.monthOf(deps.db, { ownerId, from, to }),
    monthFeeAndPayable(deps, ownerId, month),
  ]);
  const stays = rows.map((r) => stayMonth(r, from, to));
  const sum = (k: 'soldNights' | 'sellableNights' | 'revenue' | 'netRevenue') => stays.reduce((s, x) => s + x[k], 0);
  const listed = (query.q ? stays.filter(matches(query.q)) : stays).sort(compareBy(query.sort, query.dir));
  const pageSize = OWNER_LIMITS.monthPageSize;
  return {
    month,
    from,
    to,
    totals: {
      stays: stays.length,
      ...monthFigures(sum('soldNights'), sum('sellableNights'), sum('revenue'), sum('netRevenue')),
      fee: money.feePaise,
      payable: money.payablePaise,
      feeAvailable: money.available,
    },
    stays: listed.slice((query.page - 1) * pageSize, query.page * pageSize),
    page: query.page,
    pageSize,
    total: listed.length,
  };
}
