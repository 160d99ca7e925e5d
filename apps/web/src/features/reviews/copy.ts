import { REVIEW_LIMITS } from '@repo/shared/schemas/review';

/** Every label of reviews: writing one from My Orders, the stay page's list and the owner's replies. */
export const REVIEWS_COPY = {
  rating: (r: number) => `${r}/10`,
  write: {
    open: 'Write a review',
    title: 'Review your stay',
    intro: (hotel: string) => `How was your stay at ${hotel}? Your review is shown on the stay page with your first name.`,
    rating: `Your rating (${REVIEW_LIMITS.ratingMin} to ${REVIEW_LIMITS.ratingMax})`,
    body: 'Your review',
    bodyPlaceholder: 'What did you like? What could be better?',
    submit: 'Post review',
    cancel: 'Cancel',
    close: 'Close',
    posted: 'Thank you! Your review is posted',
  },
  mine: {
    title: 'Your review',
    viewOnStay: 'See it on the stay page',
  },
  list: {
    title: 'Guest reviews',
    count: (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`,
    empty: 'No reviews yet',
    emptyText: 'Guests who stayed here can review it from My Orders after check-out.',
    loading: 'Loading reviews…',
    loadError: 'The reviews could not be loaded',
    retry: 'Try again',
    pages: 'Review pages',
    reviewedOn: (date: string) => `Reviewed on ${date}`,
    ratingLabel: (r: number) => `Rated ${r} out of 10`,
    ownerReply: "Owner's reply",
  },
  admin: {
    title: 'Reviews',
    intro: 'What guests wrote about this stay, newest first. You can reply once to each review.',
    reply: 'Your reply',
    replyPlaceholder: 'Thank the guest, or say what you changed',
    submitReply: 'Post reply',
    replied: 'Your reply is posted',
  },
} as const;
