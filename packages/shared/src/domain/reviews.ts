import { EXPERIENCES, type Experience } from '../constants/domain.ts';

/**
 * The experience label of a rating (0–10). The labels rise in the spec's order (Poor, Average, Good, Satisfactory,
 * Excellent); each starts at its floor: Excellent from 9, Satisfactory from 8, Good from 7, Average from 6, Poor below.
 */
const EXPERIENCE_FLOORS: readonly { experience: Experience; from: number }[] = [
  { experience: 'Excellent', from: 9 },
  { experience: 'Satisfactory', from: 8 },
  { experience: 'Good', from: 7 },
  { experience: 'Average', from: 6 },
  { experience: 'Poor', from: 0 },
];

export function experienceFor(rating: number): Experience {
  return EXPERIENCE_FLOORS.find((f) => rating >= f.from)?.experience ?? EXPERIENCES[0];
}

/**
 * What a stay shows: its reviews' average and its label once it has reviews, else the rating the platform gave it,
 * else nothing (null, shown as 'New'). Owners never rate their own stays; a stored rating of 0 is none (reviews are
 * 1 to 10, and a stay is stored at 0 until the platform rates it).
 */
export function shownRating(s: { rating: number; experience: Experience; reviewsCount: number; reviewsRating: number | null }): {
  rating: number | null;
  experience: Experience | null;
} {
  if (s.reviewsCount > 0 && s.reviewsRating !== null) {
    return { rating: s.reviewsRating, experience: experienceFor(s.reviewsRating) };
  }
  if (s.rating > 0) return { rating: s.rating, experience: s.experience };
  return { rating: null, experience: null };
}

/**
 * A booking can be reviewed once the stay is over: it is confirmed and its check-out date (India date) has passed.
 * `today` is todayInIndia().
 */
export function isReviewable(b: { status: string; to: string }, today: string): boolean {
  return b.status === 'confirmed' && today > b.to;
}
