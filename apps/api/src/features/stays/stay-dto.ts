import { shownRating } from '@repo/shared/domain/reviews';
import type { StayDto } from '@repo/shared/schemas/stay';
import type { stays } from '#src/db/schema/index.ts';

export type StayRow = typeof stays.$inferSelect;

/** A stay's name and place, as every view of it shows them (a stay row, or a search hit). */
export const stayHeading = ({
  id,
  name,
  type,
  title,
  address,
  city,
}: Pick<StayDto, 'id' | 'name' | 'type' | 'title' | 'address' | 'city'>) => ({
  id,
  name,
  type,
  title,
  address,
  city,
});

/**
 * A stay row as the API sends it. `lowestPrice` is the cheapest live room type's price when the stay has
 * rooms (`roomPrice`), else the price the admin entered. Everyone, its owner too, sees the rating of the stay's
 * reviews once it has some, else the platform's, else none ('New'; `shownRating`); its owner (`view: 'owner'`, the
 * admin stay form) also gets its legal name and GSTIN.
 */
export function toStayDto(row: StayRow, roomPrice?: number | null, view: 'guest' | 'owner' = 'guest'): StayDto {
  const reviewsRating = row.reviewsRating === null ? null : Number(row.reviewsRating);
  const shown = shownRating({
    rating: Number(row.rating),
    experience: row.experience,
    reviewsCount: row.reviewsCount,
    reviewsRating,
  });
  return {
    ...stayHeading(row),
    distance: row.distance,
    description: row.description,
    overview: row.overview,
    lowestPrice: roomPrice ?? row.lowestPrice,
    lowestPriceFromRooms: roomPrice !== null && roomPrice !== undefined,
    amenities: row.amenities,
    rating: shown.rating,
    experience: shown.experience,
    reviewsCount: row.reviewsCount,
    reviewsRating,
    featured: row.featured,
    stateCode: row.stateCode,
    ...(view === 'owner' ? { legalName: row.legalName, gstin: row.gstin } : {}),
    cancellationPolicy: { freeDays: row.cancellationFreeDays, refundPercent: row.cancellationRefundPercent },
    hotelImage: row.hotelImage ?? null,
    roomImages: row.roomImages ?? [],
    createdAt: row.createdAt.toISOString(),
  };
}
