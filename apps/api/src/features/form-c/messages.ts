/** Form C: the API's own messages (the spec has none for these). */
export const FORM_C_API_MSG = {
  bookingNotFound: 'Booking not found',
  reportNotFound: 'Form C not found',
  notConfirmed: 'A Form C is made for a confirmed booking',
  notArrived: "A Form C is made once the guest has arrived: from the booking's check-in day to its check-out day",
  everyGuestReported: 'Every guest of this booking already has a Form C',
  submitted: 'This Form C is marked submitted: it can not be changed',
  alreadySubmitted: 'This Form C is already marked submitted',
  erased: 'The details of this Form C were erased at the end of their keeping',
} as const;
