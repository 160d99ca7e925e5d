import { z } from 'zod';
import { CHILD_AGE, DERIVATION_KINDS, MEAL_PLANS } from '../domain/plans.ts';
import { Id } from './common.ts';
import { CancellationPolicyDto } from './stay.ts';

const rupeesAdded = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be whole rupees` })
    .min(0, { error: `${label} can not be negative` })
    .max(1_000_000, { error: `${label} is too large` });

/**
 * A rate plan as its owner sets it (ADR 065). The standard plan keeps the room type's own prices (no `parentId`);
 * every other plan is derived from `parentId` by `adjustKind` and `adjustValue` (percent: −99 to +500; amount:
 * ± rupees a night). `cancellationPolicy` null: the stay's policy.
 */
export const RatePlanInput = z
  .object({
    name: z.string({ error: 'Name is required' }).trim().min(1, { error: 'Name is required' }).max(60, {
      error: 'Name can not exceed 60 characters',
    }),
    mealPlan: z.enum(MEAL_PLANS, { error: `Meal plan must be one of ${MEAL_PLANS.join(', ')}` }),
    cancellationPolicy: CancellationPolicyDto.nullable().default(null),
    parentId: Id.nullable().default(null),
    adjustKind: z.enum(DERIVATION_KINDS, { error: 'Adjustment must be percent or amount' }).nullable().default(null),
    adjustValue: z.coerce
      .number({ error: 'Adjustment must be a number' })
      .int({ error: 'Adjustment must be a whole number' })
      .min(-1_000_000, { error: 'Adjustment is too large' })
      .max(1_000_000, { error: 'Adjustment is too large' })
      .default(0),
    singleLess: rupeesAdded('Less for one adult').default(0),
    extraAdult: rupeesAdded('Each extra adult').default(0),
    childPrice: rupeesAdded('Each child of 6–12').default(0),
    infantPrice: rupeesAdded('Each child of 0–5').default(0),
  })
  .superRefine((v, ctx) => {
    if (v.parentId !== null && v.adjustKind === null)
      ctx.addIssue({ code: 'custom', path: ['adjustKind'], message: 'Choose percent or amount' });
    if (v.adjustKind === 'percent' && (v.adjustValue <= -100 || v.adjustValue > 500))
      ctx.addIssue({ code: 'custom', path: ['adjustValue'], message: 'A percent must be more than −100 and at most 500' });
  });
export type RatePlanInput = z.input<typeof RatePlanInput>;

export const RatePlanDto = z.object({
  id: Id,
  roomTypeId: Id,
  name: z.string(),
  mealPlan: z.enum(MEAL_PLANS),
  standard: z.boolean(),
  cancellationPolicy: CancellationPolicyDto.nullable(),
  parentId: Id.nullable(),
  adjustKind: z.enum(DERIVATION_KINDS).nullable(),
  adjustValue: z.number().int(),
  singleLess: z.number().int(),
  extraAdult: z.number().int(),
  childPrice: z.number().int(),
  infantPrice: z.number().int(),
});
export type RatePlanDto = z.infer<typeof RatePlanDto>;
export const RatePlansList = z.object({ plans: z.array(RatePlanDto) });
export const RatePlanParams = z.object({ roomTypeId: Id, planId: Id });

/**
 * Children's ages: whole years from 0 to 17 (13–17 are priced as adults). A bad age is named on the list itself
 * (`childAges`), not on its place in it.
 */
export function ChildAges() {
  return z
    .array(z.number({ error: 'Child ages must be numbers' }), { error: 'Child ages must be a list of ages' })
    .max(99, { error: 'Too many child ages' })
    .superRefine((ages, ctx) => {
      for (const age of ages) {
        if (!Number.isInteger(age)) ctx.addIssue({ code: 'custom', message: 'Child ages must be whole years' });
        else if (age < 0) ctx.addIssue({ code: 'custom', message: 'A child age can not be negative' });
        else if (age > CHILD_AGE.max)
          ctx.addIssue({
            code: 'custom',
            message: `A child is at most ${CHILD_AGE.max} years old: count older guests as adults`,
          });
        else continue;
        return;
      }
    });
}

/** Children's ages as a query string: '7,3'. */
export const ChildAgesQuery = z
  .string()
  .max(200, { error: 'Too many child ages' })
  .transform((s) =>
    s
      .split(',')
      .map((a) => a.trim())
      .filter((a) => a !== '')
      .map(Number),
  )
  .pipe(ChildAges());

/** A plan of a room type for a stay's dates and party, as the room dialog shows it. */
export const PlanQuoteDto = z.object({
  id: Id,
  name: z.string(),
  mealPlan: z.enum(MEAL_PLANS),
  /** The meal plan in words. */
  meals: z.string(),
  /** The plan's cancellation policy (the stay's when it has none of its own), and in words. */
  cancellationPolicy: CancellationPolicyDto,
  policy: z.string(),
  nonRefundable: z.boolean(),
  /** Each night's price for the party, their sum, and their average a night (rounded half up). */
  nightlyPrices: z.array(z.number().int()),
  total: z.number().int(),
  perNight: z.number().int(),
  /** False when the party is larger than one room of the type holds: priced for two adults then. */
  fitsParty: z.boolean(),
});
export type PlanQuoteDto = z.infer<typeof PlanQuoteDto>;
