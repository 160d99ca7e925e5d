import { z } from 'zod';
import { REVIEW_LIMITS } from '../constants/domain.ts';
import { Id } from './common.ts';

export { REVIEW_LIMITS };

export const REVIEW_MSG = {
  ratingRange: `Rating must be a whole number from ${REVIEW_LIMITS.ratingMin} to ${REVIEW_LIMITS.ratingMax}`,
  bodyRequired: 'Please write a few words about your stay',
  bodyTooLong: `A review can not exceed ${REVIEW_LIMITS.bodyMax} characters`,
  replyRequired: 'Reply is required',
  replyTooLong: `A reply can not exceed ${REVIEW_LIMITS.replyMax} characters`,
  pageInvalid: 'Page must be a whole number from 1',
} as const;

const rating = z
  .number({ error: REVIEW_MSG.ratingRange })
  .int({ error: REVIEW_MSG.ratingRange })
  .min(REVIEW_LIMITS.ratingMin, { error: REVIEW_MSG.ratingRange })
  .max(REVIEW_LIMITS.ratingMax, { error: REVIEW_MSG.ratingRange });

/** A guest's review of a completed booking: a rating of 1–10 and a text. */
export const CreateReviewInput = z.object({
  rating,
  body: z
    .string({ error: REVIEW_MSG.bodyRequired })
    .trim()
    .min(1, { error: REVIEW_MSG.bodyRequired })
    .max(REVIEW_LIMITS.bodyMax, { error: REVIEW_MSG.bodyTooLong }),
});
export type CreateReviewInput = z.input<typeof CreateReviewInput>;

/** The guest's edit of their review: the same fields and rules as writing it (the owner's reply is kept). */
export const UpdateReviewInput = CreateReviewInput;
export type UpdateReviewInput = CreateReviewInput;

/** The owner's one reply to a review. */
export const ReplyInput = z.object({
  reply: z
    .string({ error: REVIEW_MSG.replyRequired })
    .trim()
    .min(1, { error: REVIEW_MSG.replyRequired })
    .max(REVIEW_LIMITS.replyMax, { error: REVIEW_MSG.replyTooLong }),
});
export type ReplyInput = z.input<typeof ReplyInput>;

export const ReviewsQuery = z.object({
  page: z.coerce
    .number({ error: REVIEW_MSG.pageInvalid })
    .int({ error: REVIEW_MSG.pageInvalid })
    .min(1, { error: REVIEW_MSG.pageInvalid })
    .max(100_000, { error: REVIEW_MSG.pageInvalid })
    .default(1),
});

/** A review as a stay page shows it: only the guest's first name. */
export const ReviewDto = z.object({
  id: Id,
  stayId: Id,
  bookingId: Id,
  firstName: z.string(),
  rating: z.number().int(),
  body: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
  /** When the guest last edited it (null: never edited). */
  updatedAt: z.string().nullable(),
});
export type ReviewDto = z.infer<typeof ReviewDto>;

/** One page of a stay's reviews, newest first. */
export const ReviewsPage = z.object({
  reviews: z.array(ReviewDto),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ReviewsPage = z.infer<typeof ReviewsPage>;

export const ReviewResult = z.object({ review: ReviewDto });

/** The review of a booking, as My Orders shows it. */
export const BookingReviewDto = z.object({
  id: Id,
  rating: z.number().int(),
  body: z.string(),
  reply: z.string().nullable(),
  createdAt: z.string(),
  /** When the guest last edited it (null: never edited). */
  updatedAt: z.string().nullable(),
});
export type BookingReviewDto = z.infer<typeof BookingReviewDto>;
