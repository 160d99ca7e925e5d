import { z } from 'zod';
import { MSG } from '../constants/messages.ts';
import { Id } from './common.ts';

const RoomNumber = z.coerce
  .number({ error: 'Room number must be a whole number' })
  .int({ error: 'Room number must be a whole number' })
  .min(1, { error: 'Room number must be 1 or more' })
  .max(99_999, { error: 'Room number can not exceed 99999' });

const Title = z.string({ error: 'Title is required' }).trim().min(1, { error: 'Title is required' }).max(80);
const Description = z.string().trim().max(500, { error: 'Description can not exceed 500 characters' });
const Price = z.coerce
  .number({ error: 'Price must be a number' })
  .int({ error: 'Price must be whole rupees' })
  .min(1, { error: 'Price must be at least ₹1' })
  .max(10_000_000, { error: 'Price is too large' });
const MaxPeople = z.coerce
  .number({ error: 'Max persons must be a number' })
  .int({ error: 'Max persons must be a whole number' })
  .min(1, { error: 'Max persons must be at least 1' })
  .max(50, { error: 'Max persons can not exceed 50' });
const RoomNumberList = z
  .array(RoomNumber, { error: MSG.roomNumberRequired })
  .max(500, { error: 'At most 500 room numbers at a time' })
  .refine((a) => new Set(a).size === a.length, { error: 'Room numbers must not repeat' });

/** Add a room type with its room numbers. */
export const RoomTypeInput = z.object({
  title: Title,
  description: Description.default(''),
  price: Price,
  maxPeople: MaxPeople,
  roomNumbers: RoomNumberList.check(z.minLength(1, { error: MSG.roomNumberRequired })),
});
export type RoomTypeInput = z.input<typeof RoomTypeInput>;

/** Edit a room type: the details sent are changed (absent ones kept), and `roomNumbers` are added to its rooms. */
export const RoomTypeUpdateInput = z.object({
  title: Title.optional(),
  description: Description.optional(),
  price: Price.optional(),
  maxPeople: MaxPeople.optional(),
  roomNumbers: RoomNumberList.default([]),
});
export type RoomTypeUpdateInput = z.input<typeof RoomTypeUpdateInput>;

export const RoomNumberDto = z.object({ id: Id, number: z.number().int(), available: z.boolean() });
export const RoomTypeDto = z.object({
  id: Id,
  stayId: Id,
  title: z.string(),
  description: z.string(),
  price: z.number().int(),
  maxPeople: z.number().int(),
  roomNumbers: z.array(RoomNumberDto),
});
export type RoomTypeDto = z.infer<typeof RoomTypeDto>;
export const RoomTypesList = z.object({ roomTypes: z.array(RoomTypeDto) });

/** A row of the admin rooms list: S.No, Stay Name, Room Number, Price, Title. */
export const AdminRoomRow = z.object({
  roomTypeId: Id,
  roomNumberId: Id,
  stayName: z.string(),
  number: z.number().int(),
  price: z.number().int(),
  title: z.string(),
});
export const AdminRoomsList = z.object({ rooms: z.array(AdminRoomRow) });
export const RoomNumberParams = z.object({ roomTypeId: Id, roomNumberId: Id });
