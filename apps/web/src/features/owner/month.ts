import { dateParts } from '@repo/shared/domain/dates';

/** 'November 2026' for '2026-11'. */
export function monthLabel(month: string) {
  const [y, m] = dateParts(month);
  return new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

/** The month before or after (yyyy-MM). */
export function shiftMonth(month: string, by: number) {
  const [y, m] = dateParts(month);
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}
