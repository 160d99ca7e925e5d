import { LIMITS, STAY_TYPES, type StayType } from '@repo/shared/constants/domain';
import { MSG } from '@repo/shared/constants/messages';
import { todayInIndia } from '@repo/shared/domain/dates';
import { registeredInState } from '@repo/shared/domain/gstin';
import { experienceFor } from '@repo/shared/domain/reviews';
import { KeepRoomImages, PlatformStayFields, type SellerDto, StayFields, type StayDto } from '@repo/shared/schemas/stay';
import { z } from 'zod';
import type { StoredImage } from '#src/db/schema/index.ts';
import { badRequest, conflict, notFound } from '#src/lib/errors.ts';
import type { Deps } from '#src/platform/deps.ts';
import type { Storage } from '#src/platform/storage.ts';
import { STAY_MSG } from './messages.ts';
import { parseOrThrow, type StayForm } from './stay-form.ts';
import { type StayRow, toStayDto } from './stay-dto.ts';
import * as repo from './stays.repository.ts';
import { openBookingCount } from '#src/features/bookings/index.ts';
import { refreshSaleStanding } from '#src/features/invoices/index.ts';
import { checkStayGstin } from '#src/features/payouts/index.ts';
import { inTransaction } from '#src/db/client.ts';

/** What the stays feature uses. */
export type StaysDeps = Pick<Deps, 'db' | 'storage' | 'config'>;

const HOME_LIST_SIZE = 12;

// ── public ────────────────────────────────────────────────────────────────────────────────────────────

export async function countByCity({ db }: StaysDeps, cities: string[]): Promise<number[]> {
  const counts = await repo.countByCity(db, cities);
  return cities.map((c) => counts.get(c) ?? 0);
}

export async function countByType({ db }: StaysDeps, types: StayType[]): Promise<number[]> {
  const counts = await repo.countByType(db, types);
  return types.map((t) => counts.get(t) ?? 0);
}

/** The home page's list: featured stays when asked, best rated first. */
export async function homeStays({ db }: StaysDeps, featured: boolean): Promise<StayDto[]> {
  const rows = await repo.publicStays(db, { featured, limit: HOME_LIST_SIZE });
  return rows.map((r) => toStayDto(r.stay, r.roomPrice));
}

/** A stay's own page: the stay, and who supplies it (a marketplace names its sellers, ADR 022, ADR 051). */
export async function getStay({ db, config }: StaysDeps, id: string): Promise<StayDto> {
  const row = await repo.findStayPage(db, id);
  if (!row) throw notFound(STAY_MSG.notFound);
  return { ...toStayDto(row.stay, row.roomPrice), seller: sellerOf(row.stay, row.ownerMobile, config.platform) };
}

/**
 * Who supplies a stay: the business under its GSTIN when it is registered in the stay's state, else the stay not
 * registered, with the platform that pays the GST on its supplies under s.9(5) CGST Act. Its contact number is its
 * owner's mobile (the stay has no number of its own; ADR 051).
 */
export function sellerOf(stay: StayRow, phone: string, platform: Deps['config']['platform']): SellerDto {
  const address = [stay.address, titleCity(stay.city)].filter(Boolean).join(', ');
  const legalName = stay.legalName || stay.name;
  if (registeredInState(stay.gstin, stay.stateCode)) return { legalName, address, phone, gstin: stay.gstin, operator: null };
  const state = stay.stateCode ?? '';
  return {
    legalName,
    address,
    phone,
    gstin: null,
    operator: { legalName: platform.legalName, gstin: platform.gstins[state] ?? null },
  };
}

/** Cities are stored lower-case: named with capitals. */
const titleCity = (city: string) => city.replace(/(^|[\s-])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase());

// ── admin ─────────────────────────────────────────────────────────────────────────────────────────────

export const ownedTypes = ({ db }: StaysDeps, ownerId: string) => repo.ownedTypes(db, ownerId, STAY_TYPES);

export async function ownedStays({ db }: StaysDeps, ownerId: string, type?: StayType): Promise<StayDto[]> {
  const rows = await repo.ownedStays(db, ownerId, type);
  return rows.map((r) => toStayDto(r.stay, r.roomPrice, 'owner'));
}

/** A stay the admin owns. Another admin's stay answers 404, as if it did not exist. */
export async function getOwnedStay({ db }: StaysDeps, ownerId: string, id: string): Promise<StayDto> {
  const row = await repo.findLiveStay(db, id);
  if (!row || row.stay.ownerId !== ownerId) throw notFound(STAY_MSG.notFound);
  return toStayDto(row.stay, row.roomPrice, 'owner');
}

/** Refuses (400, nothing stored) any file that is not a real image. */
async function checkImages(storage: Storage, form: StayForm) {
  if (form.hotelImage && !(await storage.isImage(form.hotelImage)))
    throw badRequest(MSG.imagesOnly, { hotelImage: MSG.imagesOnly });
  for (const img of form.roomImages)
    if (!(await storage.isImage(img))) throw badRequest(MSG.imagesOnly, { roomImages: MSG.imagesOnly });
}

/** Saves images one after the other; when one fails, those already written are removed. */
async function saveAll(storage: Storage, buffers: Buffer[]): Promise<StoredImage[]> {
  const saved: StoredImage[] = [];
  try {
    for (const b of buffers) saved.push(await storage.save(b));
    return saved;
  } catch (err) {
    await storage.remove(saved.map((s) => s.key));
    throw err;
  }
}

/** Removes image files no stay shows any more (keys may be shared, e.g. by the demo catalogue). */
async function removeUnused({ db, storage }: StaysDeps, keys: string[]) {
  if (keys.length === 0) return;
  const used = await repo.keysInUse(db, keys);
  await storage.remove(keys.filter((k) => !used.has(k)));
}

/** Who sends a stay form: the stay's owner, and whether they are also the platform (ADR 023). */
export type StayEditor = { id: string; isPlatform: boolean };

/**
 * The platform's own fields of a stay form (featured, a rating and its label), present ones only; none from an owner
 * who is not the platform, whatever they send (their stay's rating comes from reviews, and featuring is the
 * platform's choice).
 */
function platformFields(editor: StayEditor, fields: Record<string, unknown>): PlatformStayFields {
  if (!editor.isPlatform) return {};
  const { rating, experience, featured } = parseOrThrow(PlatformStayFields, fields);
  return {
    ...(rating !== undefined ? { rating, experience: experience ?? experienceFor(rating) } : experience ? { experience } : {}),
    ...(featured !== undefined ? { featured } : {}),
  };
}

export async function createStay(deps: StaysDeps, editor: StayEditor, form: StayForm): Promise<StayDto> {
  const ownerId = editor.id;
  const fields = { ...parseOrThrow(StayFields, form.fields), ...platformFields(editor, form.fields) };
  await checkStayGstin(deps.db, ownerId, fields);
  await checkImages(deps.storage, form);
  const images = await saveAll(deps.storage, [...(form.hotelImage ? [form.hotelImage] : []), ...form.roomImages]);
  try {
    const hotelImage = form.hotelImage ? (images[0] ?? null) : null;
    const roomImages = form.hotelImage ? images.slice(1) : images;
    const row = await repo.insertStay(deps.db, { ...fields, ownerId, hotelImage, roomImages });
    await refreshSaleStanding(deps.db, deps.config.platform.gstins, { stayIds: [row.id] });
    return toStayDto(row, null, 'owner');
  } catch (err) {
    await deps.storage.remove(images.map((i) => i.key));
    throw err;
  }
}

/**
 * Edits a stay. A new `hotelImage` replaces the old one; new `roomImages` are appended to the existing ones
 * listed in `keepRoomImages` (all existing ones stay when that field is absent). Replaced and dropped images
 * are deleted from disk once the change is saved.
 */
export async function updateStay(deps: StaysDeps, editor: StayEditor, id: string, form: StayForm): Promise<StayDto> {
  const ownerId = editor.id;
  const { keepRoomImages: keepField, ...rest } = form.fields;
  const fields = { ...parseOrThrow(StayFields, rest), ...platformFields(editor, rest) };
  const keep =
    keepField === undefined
      ? undefined
      : new Set(parseOrThrow(z.object({ keepRoomImages: KeepRoomImages }), { keepRoomImages: keepField }).keepRoomImages);
  const current = await repo.findLiveStay(deps.db, id);
  if (!current || current.stay.ownerId !== ownerId) throw notFound(STAY_MSG.notFound);
  const kept = current.stay.roomImages.filter((img) => !keep || keep.has(img.key));
  if (kept.length + form.roomImages.length > LIMITS.maxRoomImages)
    throw badRequest(STAY_MSG.tooManyRoomImages, { roomImages: STAY_MSG.tooManyRoomImages });
  // A GSTIN given anew is held to the owner's standing; one the stay was listed with before is left as it is (the
  // declaration, where there is one, decides who supplies whatever the listing says).
  if ((fields.gstin ?? null) !== current.stay.gstin) await checkStayGstin(deps.db, ownerId, fields);
  await checkImages(deps.storage, form);

  const images = await saveAll(deps.storage, [...(form.hotelImage ? [form.hotelImage] : []), ...form.roomImages]);
  const newHotel = form.hotelImage ? (images[0] ?? null) : undefined;
  const newRooms = form.hotelImage ? images.slice(1) : images;
  let dropped: string[] = [];
  let saved: Awaited<ReturnType<typeof repo.updateStay>>;
  try {
    saved = await inTransaction(deps.db, async (tx) => {
      const stay = await repo.lockStay(tx, id);
      if (!stay || stay.ownerId !== ownerId) throw notFound(STAY_MSG.notFound);
      const roomImages = [...stay.roomImages.filter((img) => !keep || keep.has(img.key)), ...newRooms];
      dropped = [
        ...(newHotel && stay.hotelImage ? [stay.hotelImage.key] : []),
        ...stay.roomImages.filter((img) => !roomImages.some((r) => r.key === img.key)).map((img) => img.key),
      ];
      // Once the stay has room types its lowest price is theirs: the price the owner entered is left as it was
      // (the stay form shows the field read-only then, see StayDto.lowestPriceFromRooms).
      const { lowestPrice, ...others } = fields;
      return repo.updateStay(tx, id, {
        ...(current.roomPrice === null ? { ...others, lowestPrice } : others),
        roomImages,
        ...(newHotel ? { hotelImage: newHotel } : {}),
      });
    });
  } catch (err) {
    await deps.storage.remove(images.map((i) => i.key));
    throw err;
  }
  await removeUnused(deps, dropped);
  // Its state or GSTIN may have changed who can supply its nights.
  await refreshSaleStanding(deps.db, deps.config.platform.gstins, { stayIds: [id] });
  const fresh = await repo.findLiveStay(deps.db, id);
  return toStayDto(saved, fresh?.roomPrice ?? null, 'owner');
}

/**
 * Deletes a stay the admin owns. Refused (409) while it has confirmed bookings not yet over or a payment hold
 * running; archived (kept for the records, gone from every list) when it has any other booking; otherwise
 * deleted with its rooms and image files.
 */
export async function deleteStay(deps: StaysDeps, ownerId: string, id: string): Promise<{ archived: boolean }> {
  const today = todayInIndia();
  const outcome = await inTransaction(deps.db, async (tx): Promise<{ archived: boolean; keys: string[] }> => {
    const stay = await repo.lockStay(tx, id);
    if (!stay || stay.ownerId !== ownerId) throw notFound(STAY_MSG.notFound);
    const blocking = await openBookingCount(tx, { stayId: id }, today);
    if (blocking > 0) throw conflict(STAY_MSG.hasUpcomingBookings(blocking), 'STAY_HAS_BOOKINGS');
    if (await repo.hasAnyBooking(tx, id)) {
      await repo.archiveStay(tx, id);
      return { archived: true, keys: [] };
    }
    await repo.deleteStayWithRooms(tx, id);
    const keys = [...(stay.hotelImage ? [stay.hotelImage.key] : []), ...stay.roomImages.map((i) => i.key)];
    return { archived: false, keys };
  });
  await removeUnused(deps, outcome.keys);
  return { archived: outcome.archived };
}
