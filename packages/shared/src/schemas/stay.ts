import { z } from 'zod';
import { AMENITIES, CITY_ALIASES, EXPERIENCES, LIMITS, STAY_TYPES } from '../constants/domain.ts';
import { DEFAULT_POLICY, POLICY_LIMITS } from '../domain/cancellation.ts';
import { isStateCode, stateLabel, stateOfCity } from '../domain/gstin.ts';
import { Id } from './common.ts';
import { StayTaxFields } from './gst.ts';

/** A stored image: a storage key plus the large variant's size (so pages reserve space and nothing jumps). */
export const ImageDto = z.object({ key: z.string(), width: z.number().int(), height: z.number().int() });
export type ImageDto = z.infer<typeof ImageDto>;

// Image URLs live in domain/images.ts (no zod, for the pages that only show images); re-exported here.
export { IMAGE_SIZE_NAMES, IMAGE_SIZES, type ImageSize, imageUrl } from '../domain/images.ts';

/** A city as stays are stored: lower-case, other spellings mapped to one name (Bangalore → bengaluru). */
export function canonicalCity(city: string): string {
  const c = city.trim().toLowerCase();
  return CITY_ALIASES[c] ?? c;
}

export const StayType = z.enum(STAY_TYPES, { error: `Type must be one of ${STAY_TYPES.join(', ')}` });
export const Amenity = z.enum(AMENITIES, { error: `Amenities must be from ${AMENITIES.join(', ')}` });
export const Experience = z.enum(EXPERIENCES, { error: `Experience must be one of ${EXPERIENCES.join(', ')}` });

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} can not exceed ${max} characters` });

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} can not exceed ${max} characters` })
    .default('');

/** A list sent in a multipart form as repeated fields, a JSON array or comma-separated text. */
const listOf = <T extends z.ZodType>(item: T, error: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return [];
      if (Array.isArray(v)) return v;
      if (typeof v === 'string') {
        const s = v.trim();
        if (s.startsWith('[')) {
          try {
            return JSON.parse(s);
          } catch {
            return [s];
          }
        }
        return s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean);
      }
      return v;
    },
    z.array(item, { error }),
  );

const bool = z.preprocess(
  (v) => {
    if (typeof v === 'string') {
      const s = v.trim().toLowerCase();
      if (s === 'true' || s === 'yes') return true;
      if (s === 'false' || s === 'no' || s === '') return false;
    }
    return v;
  },
  z.boolean({ error: 'Featured must be True or False' }),
);

/**
 * The stay's cancellation policy as the owner sets it (domain/cancellation.ts): free until `cancellationFreeDays`
 * days before check-in, then `cancellationRefundPercent` % until the day before check-in.
 */
export const CancellationPolicyFields = z.object({
  cancellationFreeDays: z.coerce
    .number({ error: 'Free cancellation days must be a number' })
    .int({ error: 'Free cancellation days must be whole days' })
    .min(0, { error: 'Free cancellation days can not be negative' })
    .max(POLICY_LIMITS.maxFreeDays, { error: `Free cancellation days can not exceed ${POLICY_LIMITS.maxFreeDays}` })
    .default(DEFAULT_POLICY.freeDays),
  cancellationRefundPercent: z.coerce
    .number({ error: 'Refund percentage must be a number' })
    .int({ error: 'Refund percentage must be a whole number' })
    .min(0, { error: 'Refund percentage must be from 0 to 100' })
    .max(POLICY_LIMITS.maxRefundPercent, { error: 'Refund percentage must be from 0 to 100' })
    .default(DEFAULT_POLICY.refundPercent),
});

export const CancellationPolicyDto = z.object({
  freeDays: z.number().int().min(0).max(POLICY_LIMITS.maxFreeDays),
  refundPercent: z.number().int().min(0).max(POLICY_LIMITS.maxRefundPercent),
});

/** What the stay form says about the stay's state. */
export const STAY_STATE_MSG = {
  required: 'State is required',
  unknown: 'Choose a state from the list',
  gstinOfState: (state: string) => `GSTIN must be registered in ${state}, the state the stay is in`,
  gstinNotRegistered: (state: string) =>
    `You declared that you are not registered for GST in ${state}: leave the GSTIN blank, or declare your registration in Payouts first`,
  gstinNotDeclared: (declared: string) => `The GSTIN you declared for this state in Payouts is ${declared}`,
} as const;

/** The fields of the add/edit stay form , as multipart text fields. Images travel as files. */
export const StayFields = z
  .object({
    name: text('Name', 80),
    type: StayType,
    title: optionalText('Title', 120),
    address: text('Address', 200),
    city: text('City', 60).transform(canonicalCity),
    distance: z.coerce
      .number({ error: 'Distance must be a number' })
      .min(0, { error: 'Distance can not be negative' })
      .max(1000, { error: 'Distance can not exceed 1000' })
      .default(0),
    description: optionalText('Description', 200),
    overview: optionalText('Overview', 4000),
    lowestPrice: z.coerce
      .number({ error: 'Lowest price must be a number' })
      .int({ error: 'Lowest price must be whole rupees' })
      .min(0, { error: 'Lowest price can not be negative' })
      .max(10_000_000, { error: 'Lowest price is too large' })
      .default(0),
    amenities: listOf(Amenity, `Amenities must be a list from ${AMENITIES.join(', ')}`).refine(
      (a) => new Set(a).size === a.length,
      { error: 'Amenities must not repeat' },
    ),
    /** The state the stay stands in (GST code); blank: the city's, when the city is known (CITY_STATE_CODES). */
    stateCode: z
      .string()
      .trim()
      .refine((c) => c === '' || isStateCode(c), { error: STAY_STATE_MSG.unknown })
      .optional(),
    ...StayTaxFields.shape,
    ...CancellationPolicyFields.shape,
  })
  .transform((v, ctx) => {
    const stateCode = v.stateCode || stateOfCity(v.city);
    if (!stateCode) {
      ctx.addIssue({ code: 'custom', path: ['stateCode'], message: STAY_STATE_MSG.required });
      return z.NEVER;
    }
    // A GSTIN is registered in one state: the stay's own (the place of supply of its nights, ADR 022).
    if (v.gstin && !v.gstin.startsWith(stateCode)) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: STAY_STATE_MSG.gstinOfState(stateLabel(stateCode)) });
      return z.NEVER;
    }
    return { ...v, stateCode };
  });
export type StayFields = z.input<typeof StayFields>;

/**
 * What only the platform (an admin with isPlatform) sets on a stay, sent with the stay form's fields: whether it is
 * featured on the home page, and a rating with its label until guests review it (a rating without a label gets the
 * rating's). Each is left as it is when absent; an owner's are ignored.
 */
export const PlatformStayFields = z.object({
  rating: z.coerce
    .number({ error: 'Rating must be a number from 0 to 10' })
    .min(0, { error: 'Rating must be a number from 0 to 10' })
    .max(LIMITS.ratingMax, { error: 'Rating must be a number from 0 to 10' })
    .optional(),
  experience: Experience.optional(),
  featured: bool.optional(),
});
export type PlatformStayFields = z.output<typeof PlatformStayFields>;

/**
 * A stay's seller as its page shows it (Consumer Protection (E-Commerce) Rules 2020, rule 5(3)(a): the business's
 * name, geographic address and customer care number).
 */
export const SellerDto = z.object({
  legalName: z.string(),
  address: z.string(),
  /** The seller's contact number: its owner's mobile. */
  phone: z.string(),
  /** Its GSTIN, null when it is not registered for GST. */
  gstin: z.string().nullable(),
  /** Not registered: the platform that pays the tax under s.9(5), and its GSTIN in the stay's state. */
  operator: z.object({ legalName: z.string(), gstin: z.string().nullable() }).nullable(),
});
export type SellerDto = z.infer<typeof SellerDto>;

export const StayDto = z.object({
  id: Id,
  name: z.string(),
  type: StayType,
  title: z.string(),
  address: z.string(),
  city: z.string(),
  distance: z.number(),
  description: z.string(),
  overview: z.string(),
  /** Lowest nightly price in rupees: the cheapest room type's, else the price the admin entered. */
  lowestPrice: z.number(),
  /**
   * True when `lowestPrice` is the cheapest live room type's base price: the stay has room types, and the price the
   * owner entered is kept but neither shown nor changed by the stay form (ADR 018).
   */
  lowestPriceFromRooms: z.boolean(),
  amenities: z.array(Amenity),
  /** The rating guests see (`shownRating`): the reviews' average, else the platform's; null until either ('New'). */
  rating: z.number().nullable(),
  /** The label of `rating`, null with it. */
  experience: Experience.nullable(),
  /** How many reviews the stay has (the shown rating comes from them when there are some). */
  reviewsCount: z.number().int(),
  /** The reviews' average (1 decimal), null until the stay has reviews; `shownRating` turns it into what guests see. */
  reviewsRating: z.number().nullable(),
  featured: z.boolean(),
  /** The state it stands in (GST code), null for stays of unknown cities made before states were asked. */
  stateCode: z.string().nullable().optional(),
  /** Its owner's view only: the business's registered name and GSTIN, printed on its invoices (ADR 017). */
  legalName: z.string().optional(),
  gstin: z.string().nullable().optional(),
  /**
   * Who supplies the stay, as a marketplace shows it on the stay's page (ADR 022): the business's legal name,
   * address and GSTIN, or that it is not registered and the platform pays the GST on its supplies (s.9(5)).
   */
  seller: SellerDto.optional(),
  /** What a cancel refunds (domain/cancellation.ts); sent with a stay's own page and the admin's lists, not with search results. */
  cancellationPolicy: CancellationPolicyDto.optional(),
  hotelImage: ImageDto.nullable(),
  roomImages: z.array(ImageDto),
  createdAt: z.string(),
});
export type StayDto = z.infer<typeof StayDto>;

export const StaysList = z.object({ stays: z.array(StayDto) });
export const StayTypeQuery = z.object({ type: StayType.optional() });
export const FeaturedQuery = z.object({
  featured: z
    .enum(['true', 'false', 'True', 'False'])
    .transform((v) => v.toLowerCase() === 'true')
    .optional(),
});

/** ?cities=bengaluru,chennai → counts in the order asked. */
export const CountByCityQuery = z.object({
  cities: z
    .string({ error: 'cities is required' })
    .max(1000)
    .transform((s) => s.split(',').map(canonicalCity).filter(Boolean))
    .pipe(z.array(z.string().max(60)).min(1, { error: 'cities is required' }).max(50)),
});
export const CountByTypeQuery = z.object({
  types: z
    .string({ error: 'types is required' })
    .max(200)
    .transform((s) =>
      s
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    )
    .pipe(z.array(StayType).min(1, { error: 'types is required' }).max(5)),
});
export const CountsResult = z.object({ counts: z.array(z.number().int()) });
export const TypesResult = z.object({ types: z.array(StayType) });

/** Edit-stay form: the keys of the existing room images to keep (the others are removed). */
export const KeepRoomImages = listOf(
  z.string().regex(/^[a-z0-9]{8,64}$/, { error: 'Unknown image' }),
  'keepRoomImages must be a list of image keys',
).pipe(z.array(z.string()).max(LIMITS.maxRoomImages, { error: `A stay can have at most ${LIMITS.maxRoomImages} room images` }));

/** Answer of add-stay and edit-stay. */
export const StayResult = z.object({ stay: StayDto });
