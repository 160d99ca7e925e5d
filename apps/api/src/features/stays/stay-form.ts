import { LIMITS } from '@repo/shared/constants/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '#src/lib/errors.ts';
import { STAY_MSG } from './messages.ts';

/** The add/edit stay form as received: text fields (repeated ones as lists) and image files, unchecked. */
export type StayForm = {
  fields: Record<string, unknown>;
  hotelImage: Buffer | null;
  roomImages: Buffer[];
};

const FILE_FIELDS = new Set(['hotelImage', 'roomImages']);

/** `roomImages[]` and `roomImages` are the same field. */
const fieldName = (name: string) => name.replace(/\[\]$/, '');

function addField(fields: Record<string, unknown>, name: string, value: unknown) {
  const prev = fields[name];
  if (prev === undefined) fields[name] = value;
  else fields[name] = Array.isArray(prev) ? [...prev, value] : [prev, value];
}

/**
 * Reads a stay form: multipart (text fields, one `hotelImage`, many `roomImages`) or a JSON object (fields only).
 * Every file is read into memory within the multipart limits (a file over 5 MB → 413, too many files → 413);
 * nothing is stored here. An empty file part (a file input left empty) is ignored.
 */
export async function readStayForm(request: FastifyRequest): Promise<StayForm> {
  const form: StayForm = { fields: {}, hotelImage: null, roomImages: [] };
  if (!request.isMultipart()) {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest(STAY_MSG.formRequired);
    form.fields = { ...body };
    return form;
  }
  for await (const part of request.parts()) {
    const name = fieldName(part.fieldname);
    if (part.type === 'field') {
      addField(form.fields, name, part.value);
      continue;
    }
    if (!FILE_FIELDS.has(name)) {
      part.file.resume();
      throw badRequest(STAY_MSG.unknownFile(name));
    }
    const data = await part.toBuffer();
    if (data.length === 0 && !part.filename) continue;
    if (name === 'hotelImage') {
      if (form.hotelImage) throw badRequest(STAY_MSG.oneHotelImage, { hotelImage: STAY_MSG.oneHotelImage });
      form.hotelImage = data;
    } else {
      form.roomImages.push(data);
      if (form.roomImages.length > LIMITS.maxRoomImages)
        throw badRequest(STAY_MSG.tooManyRoomImages, { roomImages: STAY_MSG.tooManyRoomImages });
    }
  }
  return form;
}

/** Parses with a shared schema; a failure is a 400 naming each field, like a route schema's. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) fieldErrors[issue.path.join('.') || '_'] ??= issue.message;
  throw badRequest(Object.values(fieldErrors)[0], fieldErrors);
}
