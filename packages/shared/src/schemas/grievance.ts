import { z } from 'zod';
import { Id } from './common.ts';

/** What a complaint is about (the guest picks one), and how each reads. */
export const GRIEVANCE_CATEGORIES = ['booking', 'payment', 'refund', 'stay', 'service', 'invoice', 'other'] as const;
export type GrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number];
export const GRIEVANCE_CATEGORY_LABELS: Record<GrievanceCategory, string> = {
  booking: 'Booking or cancellation',
  payment: 'Payment',
  refund: 'Refund',
  stay: 'The stay or room was not as described',
  service: 'Staff or service at the stay',
  invoice: 'Invoice or tax',
  other: 'Something else',
};

export const GRIEVANCE_LIMITS = { descriptionMin: 20, descriptionMax: 2000, messageMax: 2000 } as const;

export const GRIEVANCE_MSG = {
  categoryRequired: 'Choose what the complaint is about',
  descriptionTooShort: `Describe the problem in at least ${GRIEVANCE_LIMITS.descriptionMin} characters`,
  descriptionTooLong: `The description can not exceed ${GRIEVANCE_LIMITS.descriptionMax} characters`,
  messageRequired: 'Write a message',
  messageTooLong: `A message can not exceed ${GRIEVANCE_LIMITS.messageMax} characters`,
} as const;

const description = z
  .string({ error: GRIEVANCE_MSG.descriptionTooShort })
  .trim()
  .min(GRIEVANCE_LIMITS.descriptionMin, { error: GRIEVANCE_MSG.descriptionTooShort })
  .max(GRIEVANCE_LIMITS.descriptionMax, { error: GRIEVANCE_MSG.descriptionTooLong });

/** A guest raises a complaint about one of their orders (POST /api/grievances). */
export const CreateGrievanceInput = z.object({
  bookingId: Id,
  category: z.enum(GRIEVANCE_CATEGORIES, { error: GRIEVANCE_MSG.categoryRequired }),
  description,
});
export type CreateGrievanceInput = z.input<typeof CreateGrievanceInput>;

/** A message in a ticket's thread: the owner's or the platform's answer, or the guest's follow-up. */
export const GrievanceMessageInput = z.object({
  body: z
    .string({ error: GRIEVANCE_MSG.messageRequired })
    .trim()
    .min(1, { error: GRIEVANCE_MSG.messageRequired })
    .max(GRIEVANCE_LIMITS.messageMax, { error: GRIEVANCE_MSG.messageTooLong }),
});
export type GrievanceMessageInput = z.input<typeof GrievanceMessageInput>;

export const GRIEVANCE_AUTHORS = ['guest', 'owner', 'platform'] as const;
export type GrievanceAuthor = (typeof GRIEVANCE_AUTHORS)[number];
export const GRIEVANCE_STATUSES = ['open', 'closed'] as const;

export const GrievanceMessageDto = z.object({
  id: Id,
  author: z.enum(GRIEVANCE_AUTHORS),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type GrievanceMessageDto = z.infer<typeof GrievanceMessageDto>;

/**
 * A complaint's ticket with its thread and clocks (domain/grievances.ts): acknowledged at the first answer by the
 * stay's owner or the platform (due 48 hours after it was raised), resolved when closed (due one month after).
 */
export const GrievanceDto = z.object({
  id: Id,
  ticket: z.string(),
  bookingId: Id,
  stayId: Id,
  hotelName: z.string(),
  guestName: z.string(),
  orderId: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  category: z.enum(GRIEVANCE_CATEGORIES),
  description: z.string(),
  status: z.enum(GRIEVANCE_STATUSES),
  createdAt: z.string(),
  acknowledgeBy: z.string(),
  acknowledgedAt: z.string().nullable(),
  resolveBy: z.string(),
  closedAt: z.string().nullable(),
  closedBy: z.enum(GRIEVANCE_AUTHORS).nullable(),
  messages: z.array(GrievanceMessageDto),
});
export type GrievanceDto = z.infer<typeof GrievanceDto>;
export const GrievanceResult = z.object({ grievance: GrievanceDto });
export type GrievanceResult = z.infer<typeof GrievanceResult>;
export const GrievancesList = z.object({ grievances: z.array(GrievanceDto) });
export type GrievancesList = z.infer<typeof GrievancesList>;

/**
 * What the site tells every visitor (the footer), as the Consumer Protection (E-Commerce) Rules 2020 ask of every
 * e-commerce entity: its legal name, address and customer care (rule 4(2)(a), (b), (d)), and the grievance officer's
 * name, designation and contact details (rule 4(4)).
 */
export const SiteInfo = z.object({
  platform: z.object({
    legalName: z.string(),
    address: z.string(),
    customerCare: z.object({ phone: z.string(), email: z.string() }),
  }),
  grievanceOfficer: z.object({ name: z.string(), designation: z.string(), email: z.string(), phone: z.string() }),
});
export type SiteInfo = z.infer<typeof SiteInfo>;
