import { formatDate } from '@repo/shared/domain/dates';

/** Channel sync's own messages: the owner reads a feed's last error in these words (ADR 035). */
export const CHANNEL_API_MSG = {
  roomNotFound: 'Room not found',
  feedNotFound: 'Calendar not found',
  calendarNotFound: 'Calendar not found',
  tooManyFeeds: (max: number) => `A room can import at most ${max} calendars`,
  feedRemoved: 'The calendar was removed and its nights are open for booking again',
  // A fetch's failure, in words.
  siteAnswered: (status: number) => `the site answered ${status}`,
  notCalendar: 'not a calendar',
  // A calendar refused for its size or its work (ADR 044).
  tooManyEvents: (max: number) => `the calendar has more than ${max.toLocaleString('en-IN')} events`,
  tooManyNights: (max: number) =>
    `the calendar blocks more than ${max.toLocaleString('en-IN')} separate stays in the next two years`,
  repeatsTooOften: 'the calendar’s repeating events repeat too often to read',
  tooComplex: 'the calendar is too complex to read',
  tookTooLongToRead: (ms: number) => `the calendar took longer than ${ms / 1000} s to read`,
  tookTooLong: (ms: number) => `took longer than ${ms / 1000} s`,
  tooLarge: (bytes: number) => `the calendar is larger than ${Math.round(bytes / (1024 * 1024))} MB`,
  schemeRefused: 'only http and https addresses can be imported',
  portRefused: 'only the standard ports (80 for http, 443 for https) can be used',
  privateAddress: 'the address is on a private or local network',
  hostUnknown: 'the site’s name could not be found',
  tooManyRedirects: 'the site redirected too many times',
  unreachable: (why: string) => `the site could not be reached (${why})`,
  conflictSubject: (stay: string) => `Calendar conflict at ${stay}: a night sold here is taken on another site`,
  conflictLine: (room: number, night: string, site: string, order: string | null) =>
    `Room ${room}, night of ${formatDate(night)}: sold here${order ? ` (order ${order})` : ''} and taken on ${site}`,
} as const;
