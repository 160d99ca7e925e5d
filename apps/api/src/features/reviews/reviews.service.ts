import { todayInIndia } from '@repo/shared/domain/dates';
import { isReviewable } from '@repo/shared/domain/reviews';
import {
  CreateReviewInput,
  REVIEW_LIMITS,
  ReplyInput,
  type ReviewDto,
  type ReviewsPage,
  UpdateReviewInput,
} from '@repo/shared/schemas/review';
import { inTransaction, isUniqueViolation, type Tx } from '#src/db/client.ts';
import { conflict, notFound } from '#src/lib/errors.ts';
import type { Deps } from '#src/platform/deps.ts';
import { REVIEW_API_MSG } from './messages.ts';
import * as repo from './reviews.repository.ts';

/** What the reviews feature uses. */
export type ReviewsDeps = Pick<Deps, 'db' | 'clock'>;

function toReviewDto(r: repo.ReviewRow, firstName: string): ReviewDto {
  return {
    id: r.id,
    stayId: r.stayId,
    bookingId: r.bookingId,
    firstName,
    rating: r.rating,
    body: r.body,
    reply: r.reply,
    repliedAt: r.repliedAt ? r.repliedAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt ? r.updatedAt.toISOString() : null,
  };
}

/**
 * The guest's one review of their booking, once it is confirmed and its check-out date has passed (India date).
 * The stay's review count and average change in the same transaction. Another guest's booking is "not found".
 */
export async function createReview(
  deps: ReviewsDeps,
  user: { id: string; firstName: string },
  bookingId: string,
  input: CreateReviewInput,
): Promise<ReviewDto> {
  const { rating, body } = CreateReviewInput.parse(input);
  const today = todayInIndia(deps.clock.now());
  try {
    const review = await inTransaction(deps.db, async (tx) => {
      const b = await repo.lockBooking(tx, bookingId);
      if (!b || b.userId !== user.id) throw notFound(REVIEW_API_MSG.bookingNotFound);
      if (await repo.findReviewOfBooking(tx, b.id)) throw conflict(REVIEW_API_MSG.alreadyReviewed, 'ALREADY_REVIEWED');
      if (b.status !== 'confirmed') throw conflict(REVIEW_API_MSG.notConfirmed, 'NOT_REVIEWABLE');
      if (!isReviewable({ status: b.status, to: b.checkOut }, today))
        throw conflict(REVIEW_API_MSG.notCheckedOut(b.checkOut), 'NOT_REVIEWABLE');
      const row = await repo.insertReview(tx, { bookingId: b.id, stayId: b.stayId, userId: user.id, rating, body });
      await repo.refreshStayRating(tx, b.stayId);
      return row;
    });
    return toReviewDto(review, user.firstName);
  } catch (err) {
    // Two submissions at once: the booking's unique key keeps one.
    if (isUniqueViolation(err, 'reviews_booking_key')) throw conflict(REVIEW_API_MSG.alreadyReviewed, 'ALREADY_REVIEWED');
    throw err;
  }
}

/**
 * The guest's own review of their booking, in a transaction that holds the booking row (as writing one does), so
 * a write, an edit and a delete of one booking's review happen one after another. Another guest's booking, or a
 * booking without a review, is "not found".
 */
async function withOwnReview<T>(
  deps: ReviewsDeps,
  userId: string,
  bookingId: string,
  fn: (tx: Tx, review: repo.ReviewRow) => Promise<T>,
): Promise<T> {
  return inTransaction(deps.db, async (tx) => {
    const b = await repo.lockBooking(tx, bookingId);
    if (!b || b.userId !== userId) throw notFound(REVIEW_API_MSG.bookingNotFound);
    const review = await repo.findReviewOfBooking(tx, b.id);
    if (!review) throw notFound(REVIEW_API_MSG.reviewNotFound);
    return fn(tx, review);
  });
}

/**
 * The guest changes the rating and text of their review of a booking, also after the owner replied (the reply is
 * kept; the review shows it was edited). The stay's review count and average change in the same transaction.
 */
export async function updateReview(
  deps: ReviewsDeps,
  user: { id: string; firstName: string },
  bookingId: string,
  input: UpdateReviewInput,
): Promise<ReviewDto> {
  const { rating, body } = UpdateReviewInput.parse(input);
  const saved = await withOwnReview(deps, user.id, bookingId, async (tx, review) => {
    const row = await repo.updateReview(tx, review.id, { rating, body, at: deps.clock.now() });
    await repo.refreshStayRating(tx, row.stayId);
    return row;
  });
  return toReviewDto(saved, user.firstName);
}

/** The guest removes their review of a booking (with the owner's reply); the stay's figures follow in the same transaction. */
export async function deleteReview(deps: ReviewsDeps, userId: string, bookingId: string): Promise<void> {
  await withOwnReview(deps, userId, bookingId, async (tx, review) => {
    await repo.deleteReview(tx, review.id);
    await repo.refreshStayRating(tx, review.stayId);
  });
}

async function pageOf(deps: ReviewsDeps, stayId: string, page: number): Promise<ReviewsPage> {
  const pageSize = REVIEW_LIMITS.pageSize;
  const { rows, total } = await repo.reviewsOfStay(deps.db, stayId, { limit: pageSize, offset: (page - 1) * pageSize });
  return { reviews: rows.map((r) => toReviewDto(r.review, r.firstName)), page, pageSize, total };
}

/** A live stay's reviews, newest first, one page at a time. */
export async function stayReviews(deps: ReviewsDeps, stayId: string, page: number): Promise<ReviewsPage> {
  if (!(await repo.findLiveStay(deps.db, stayId))) throw notFound(REVIEW_API_MSG.stayNotFound);
  return pageOf(deps, stayId, page);
}

/** The reviews of a stay the admin owns; another admin's stay is "not found". */
export async function ownedStayReviews(deps: ReviewsDeps, ownerId: string, stayId: string, page: number) {
  const stay = await repo.findLiveStay(deps.db, stayId);
  if (!stay || stay.ownerId !== ownerId) throw notFound(REVIEW_API_MSG.stayNotFound);
  return pageOf(deps, stayId, page);
}

/** The owner's one reply to a review of their stay; a review of another admin's stay is "not found". */
export async function replyToReview(deps: ReviewsDeps, ownerId: string, reviewId: string, input: ReplyInput): Promise<ReviewDto> {
  const { reply } = ReplyInput.parse(input);
  const saved = await inTransaction(deps.db, async (tx) => {
    const found = await repo.lockReviewWithOwner(tx, reviewId);
    if (!found || found.ownerId !== ownerId) throw notFound(REVIEW_API_MSG.reviewNotFound);
    if (found.review.reply !== null) throw conflict(REVIEW_API_MSG.alreadyReplied, 'ALREADY_REPLIED');
    return repo.setReply(tx, reviewId, reply, deps.clock.now());
  });
  return toReviewDto(saved, await repo.firstNameOf(deps.db, saved.userId));
}
