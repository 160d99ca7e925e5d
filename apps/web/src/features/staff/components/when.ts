import { INDIA_TZ } from '@repo/shared/domain/dates';

/** An instant as India's date and time (dd/mm/yyyy, hh:mm). */
export const indiaDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { timeZone: INDIA_TZ, dateStyle: 'short', timeStyle: 'short' });
