/** Dates as the kept availability counts them: days since 1970-01-01. */
export const DAY_MS = 86_400_000;
/** Days since 1970-01-01 of a yyyy-MM-dd date. */
export const dayOf = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
/** 1900-01-05, a Friday, as dayOf: weekendsBefore counts from it (search.repository.ts). */
const FRIDAY_1900 = dayOf('1900-01-05');
export const weekendsBefore = (day: number) => {
  const x = day - FRIDAY_1900;
  return Math.floor((x + 6) / 7) + Math.floor((x + 5) / 7);
};
