import { REVIEW_LIMITS } from '@repo/shared/constants/domain';

/** Every label of reviews: writing one from My Orders, the stay page's list and the owner's replies. */
export const REVIEWS_COPY = {
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
  edit: {
    title: 'Edit your review',
    submit: 'Save changes',
    saved: 'Your review is updated',
  },
  remove: {
    title: 'Delete your review?',
    text: (hotel: string) =>
      `Your review of ${hotel} and any reply from the owner leave the stay page. You can write a new review later.`,
    confirm: 'Delete review',
    keep: 'Keep it',
    done: 'Your review is deleted',
  },
  mine: {
    title: 'Your review',
    viewOnStay: 'See it on the stay page',
    edit: 'Edit review',
    delete: 'Delete review',
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
    /** Shown once the guest has changed their review. */
    edited: (date: string) => `Edited on ${date}`,
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
