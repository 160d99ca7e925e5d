import { formatRange } from '@repo/shared/domain/dates';

/** Server messages of room type prices by date (the spec does not spell these). */
export const RATES_MSG = {
  added: 'Season added',
  updated: 'Season updated',
  deleted: 'Season deleted',
  planAdded: 'Rate plan added',
  planUpdated: 'Rate plan updated',
  planDeleted: 'Rate plan deleted',
  roomTypeNotFound: 'Room type not found',
  seasonNotFound: 'Season not found',
  overlaps: (startsOn: string, endsOn: string) =>
    `These dates overlap the season ${formatRange(startsOn, endsOn)}: change that season or pick other dates`,
} as const;
