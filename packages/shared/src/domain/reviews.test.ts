import { describe, expect, it } from 'vitest';
import { experienceFor, isReviewable, shownRating } from './reviews.ts';

describe('experienceFor', () => {
  it('rises through the labels in the spec order', () => {
    expect([0, 3, 5.9, 6, 6.9, 7, 7.9, 8, 8.9, 9, 10].map(experienceFor)).toEqual([
      'Poor',
      'Poor',
      'Poor',
      'Average',
      'Average',
      'Good',
      'Good',
      'Satisfactory',
      'Satisfactory',
      'Excellent',
      'Excellent',
    ]);
  });
});

describe('shownRating', () => {
  it("keeps the platform's rating and label until there are reviews", () => {
    expect(shownRating({ rating: 9.5, experience: 'Excellent', reviewsCount: 0, reviewsRating: null })).toEqual({
      rating: 9.5,
      experience: 'Excellent',
    });
  });
  it("gives no rating ('New') to a stay neither reviewed nor rated by the platform, whatever label is stored", () => {
    expect(shownRating({ rating: 0, experience: 'Good', reviewsCount: 0, reviewsRating: null })).toEqual({
      rating: null,
      experience: null,
    });
  });
  it("takes the reviews' average and its label once there are some", () => {
    expect(shownRating({ rating: 9.5, experience: 'Excellent', reviewsCount: 2, reviewsRating: 6.5 })).toEqual({
      rating: 6.5,
      experience: 'Average',
    });
  });
});

describe('isReviewable', () => {
  it('needs a confirmed booking whose check-out date has passed', () => {
    expect(isReviewable({ status: 'confirmed', to: '2026-01-10' }, '2026-01-10')).toBe(false);
    expect(isReviewable({ status: 'confirmed', to: '2026-01-10' }, '2026-01-11')).toBe(true);
    expect(isReviewable({ status: 'confirmed', to: '2026-01-10' }, '2026-01-09')).toBe(false);
    expect(isReviewable({ status: 'cancelled', to: '2026-01-10' }, '2026-01-11')).toBe(false);
  });
});
