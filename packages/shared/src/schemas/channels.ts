import { z } from 'zod';
import { Id, IsoDate } from './common.ts';

/** Limits of a room's imported calendars (ADR 035). */
export const CHANNEL_LIMITS = {
  labelMax: 60,
  urlMax: 2000,
  /** Imported calendars one room may have. */
  feedsPerRoom: 10,
} as const;

export const CHANNEL_MSG = {
  urlRequired: 'Enter the calendar address the other site gives you',
  urlInvalid: 'The calendar address must be a web address starting with http:// or https://',
  urlTooLong: `The calendar address can not exceed ${CHANNEL_LIMITS.urlMax} characters`,
  labelRequired: 'Name the site this calendar comes from',
  labelTooLong: `The name can not exceed ${CHANNEL_LIMITS.labelMax} characters`,
  targetInvalid: 'Choose the room or the room type',
  /** An address the calendar fetch never reads (`why`: its rule, as a failed read says it). */
  urlRefused: (why: string) => `This calendar can not be imported: ${why}`,
} as const;

/** A calendar of another site to import into a room: its address and what the owner calls it ("Airbnb"). */
export const AddFeedInput = z.object({
  url: z
    .string({ error: CHANNEL_MSG.urlRequired })
    .trim()
    .min(1, { error: CHANNEL_MSG.urlRequired })
    .max(CHANNEL_LIMITS.urlMax, { error: CHANNEL_MSG.urlTooLong })
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { error: CHANNEL_MSG.urlInvalid }),
  label: z
    .string({ error: CHANNEL_MSG.labelRequired })
    .trim()
    .min(1, { error: CHANNEL_MSG.labelRequired })
    .max(CHANNEL_LIMITS.labelMax, { error: CHANNEL_MSG.labelTooLong }),
});
export type AddFeedInput = z.input<typeof AddFeedInput>;

/** An imported calendar and how its sync went. */
export const FeedDto = z.object({
  id: Id,
  roomNumberId: Id,
  label: z.string(),
  url: z.string(),
  /** The last fetch that worked (a calendar read, or the site saying it had not changed). */
  lastSuccessAt: z.iso.datetime().nullable(),
  lastAttemptAt: z.iso.datetime().nullable(),
  nextFetchAt: z.iso.datetime(),
  eventsRead: z.number().int(),
  nightsBlocked: z.number().int(),
  /** The last failure in words ('the site answered 404'); null after a success. */
  lastError: z.string().nullable(),
});
export type FeedDto = z.infer<typeof FeedDto>;
export const FeedResult = z.object({ feed: FeedDto });

/** A private calendar address of StayBook's own nights (a room's, or its room type's). */
export const ExportDto = z.object({ url: z.string() });

/** A room's channel sync: its export calendars and its imported calendars. */
export const RoomChannelsDto = z.object({
  roomNumberId: Id,
  number: z.number().int(),
  /** Every booked, held or blocked night of this room. */
  roomExport: ExportDto,
  /** The nights when every room of its type is taken (for a site that sells the type). */
  typeExport: ExportDto,
  feeds: z.array(FeedDto),
});
export type RoomChannelsDto = z.infer<typeof RoomChannelsDto>;

export const ROTATE_TARGETS = ['room', 'type'] as const;
export const RotateInput = z.object({ target: z.enum(ROTATE_TARGETS, { error: CHANNEL_MSG.targetInvalid }) });
export type RotateInput = z.input<typeof RotateInput>;

/** A night another site's calendar says is taken while a booking here holds it: the booking stands. */
export const ConflictDto = z.object({
  id: Id,
  stayId: Id,
  stayName: z.string(),
  roomNumber: z.number().int(),
  night: IsoDate,
  bookingId: Id,
  orderId: z.string().nullable(),
  feedLabel: z.string(),
  detectedAt: z.iso.datetime(),
});
export type ConflictDto = z.infer<typeof ConflictDto>;
export const ConflictsQuery = z.object({ stayId: Id.optional() });
export const ConflictsResult = z.object({ conflicts: z.array(ConflictDto) });
export type ConflictsResult = z.infer<typeof ConflictsResult>;

/** The public export route's file name: the token and '.ics'. */
export const CalendarFileParams = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]{20,64}\.ics$/, { error: 'Not found' }),
});
