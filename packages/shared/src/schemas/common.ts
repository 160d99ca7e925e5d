import { z } from 'zod';
import { addDays, isIsoDate, todayInIndia } from '../domain/dates.ts';

export const Id = z.uuid({ error: 'Must be a valid id' });
export const IdParams = z.object({ id: Id });

/** A calendar date written yyyy-MM-dd. */
export const IsoDate = z
  .string({ error: 'Date is required' })
  .refine(isIsoDate, { error: 'Date must be a real date written yyyy-MM-dd' });

/** The body of every error the API sends. */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MessageBody = z.object({ message: z.string() });

/** A query-string number (from text), with bounds. */
export const queryInt = (min: number, max: number, error: string) =>
  z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });

export { addDays, todayInIndia };
