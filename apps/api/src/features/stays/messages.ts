import { LIMITS } from '@repo/shared/constants/domain';

/** Server messages of the stays feature (the spec does not spell these). */
export const STAY_MSG = {
  formRequired: 'Send the stay as a form',
  unknownFile: (field: string) => `Unexpected file field "${field}": use hotelImage or roomImages`,
  oneHotelImage: 'Only one hotel image can be uploaded',
  tooManyRoomImages: `A stay can have at most ${LIMITS.maxRoomImages} room images`,
  notFound: 'Stay not found',
  created: 'Stay added successfully',
  updated: 'Stay updated successfully',
  deleted: 'Stay deleted successfully',
  archived: 'Stay removed from the listings. Its past bookings are kept for the records',
  hasUpcomingBookings: (n: number) =>
    `This stay has ${n} upcoming or in-progress booking${n === 1 ? '' : 's'} and can not be deleted until ${n === 1 ? 'it is' : 'they are'} over or cancelled`,
} as const;
