/** Server messages of the rooms feature (the spec does not spell these). */
export const ROOM_MSG = {
  added: 'Room added successfully',
  updated: 'Room updated successfully',
  deleted: 'Room deleted successfully',
  archived: 'Room removed. Its past bookings are kept for the records',
  stayNotFound: 'Stay not found',
  roomTypeNotFound: 'Room type not found',
  roomNotFound: 'Room not found',
  numbersTaken: (numbers: number[]) =>
    numbers.length === 1
      ? `Room number ${numbers[0]} already exists in this stay`
      : `Room numbers ${numbers.join(', ')} already exist in this stay`,
  numberTaken: 'One of these room numbers already exists in this stay',
  hasUpcomingNights: (number: number) =>
    `Room ${number} is booked for upcoming nights and can not be deleted until those stays are over or cancelled`,
} as const;
