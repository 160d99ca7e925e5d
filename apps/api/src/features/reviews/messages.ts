import { formatDate } from '@repo/shared/domain/dates';

/** Server messages of the reviews feature (the spec has none for reviews). */
export const REVIEW_API_MSG = {
  bookingNotFound: 'This booking does not exist',
  stayNotFound: 'Stay not found',
  reviewNotFound: 'This review does not exist',
  notConfirmed: 'Only a confirmed (paid) booking can be reviewed',
  notCheckedOut: (checkOut: string) => `You can review this stay after your check-out date, ${formatDate(checkOut)}`,
  alreadyReviewed: 'You have already reviewed this booking',
  alreadyReplied: 'This review already has a reply',
} as const;
