import { formatDate } from './dates.ts';

/**
 * A guest's complaint about one of their orders (a grievance). The platform's grievance officer must acknowledge a
 * complaint within 48 hours and redress it within one month of receiving it (Consumer Protection (E-Commerce) Rules
 * 2020, rule 4(5)): each ticket carries both clocks from the moment it is raised. The first answer by the stay's
 * owner or the platform acknowledges it; closing it ends the resolution clock.
 */
export const ACKNOWLEDGE_HOURS = 48;
export const RESOLVE_MONTHS = 1;

const HOUR_MS = 3_600_000;
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The ticket number a guest quotes: GRV- and the ticket's serial, six digits at least. */
export const ticketNumber = (serial: number): string => `GRV-${String(serial).padStart(6, '0')}`;

/** When a complaint raised at `raisedAt` must be acknowledged: 48 hours later. */
export const acknowledgeBy = (raisedAt: Date): Date => new Date(raisedAt.getTime() + ACKNOWLEDGE_HOURS * HOUR_MS);

/**
 * When a complaint raised at `raisedAt` must be redressed: the same time one calendar month later in India (the
 * last day of that month when it is shorter: raised on 31/01, due on 28/02 or 29/02).
 */
export function resolveBy(raisedAt: Date): Date {
  const local = new Date(raisedAt.getTime() + INDIA_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth() + RESOLVE_MONTHS;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const due = Date.UTC(
    y,
    m,
    Math.min(local.getUTCDate(), lastDay),
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return new Date(due - INDIA_OFFSET_MS);
}

/** met: done by its time; late: done after it; running: not done, still in time; overdue: not done, past its time. */
export type ClockState = 'met' | 'late' | 'running' | 'overdue';

export type GrievanceClock = { due: string; doneAt: string | null; state: ClockState };

/** One clock: due at `due`, done at `doneAt` (null: not yet), as of `now`. */
export function clockState(due: string, doneAt: string | null, now: Date): ClockState {
  const dueMs = Date.parse(due);
  if (doneAt) return Date.parse(doneAt) <= dueMs ? 'met' : 'late';
  return now.getTime() > dueMs ? 'overdue' : 'running';
}

/** The ticket's two clocks as of `now`: acknowledgement (first answer) and resolution (closed). */
export function grievanceClocks(
  g: { acknowledgeBy: string; acknowledgedAt: string | null; resolveBy: string; closedAt: string | null },
  now: Date,
): { acknowledgement: GrievanceClock; resolution: GrievanceClock } {
  return {
    acknowledgement: {
      due: g.acknowledgeBy,
      doneAt: g.acknowledgedAt,
      state: clockState(g.acknowledgeBy, g.acknowledgedAt, now),
    },
    resolution: { due: g.resolveBy, doneAt: g.closedAt, state: clockState(g.resolveBy, g.closedAt, now) },
  };
}

/** An instant as India reads it: dd/MM/yyyy HH:mm. */
export function formatDateTime(instant: string | Date): string {
  const d = new Date(new Date(instant).getTime() + INDIA_OFFSET_MS);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${formatDate(new Date(instant))} ${hh}:${mm}`;
}
