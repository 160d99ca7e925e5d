import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { MSG } from '@repo/shared/constants/messages';
import { IMAGE_SIZE_NAMES, IMAGE_SIZES, type ImageSize } from '@repo/shared/schemas/stay';
import sharp, { type OutputInfo } from 'sharp';
import type { StoredImage } from '#src/db/schema/index.ts';
import { badRequest } from '#src/lib/errors.ts';

export type Storage = {
  /** Folder holding the WebP variants, served under /media/. */
  dir: string;
  /** True when the bytes decode as a raster image we accept (JPEG, PNG, WebP, GIF, AVIF, HEIF, TIFF). */
  isImage(input: Buffer): Promise<boolean>;
  /**
   * Decodes an uploaded image, turns it upright by its EXIF orientation, drops every metadata block and writes
   * WebP variants sm/md/lg (never enlarged). Returns the key and the size of the large variant.
   */
  save(input: Buffer): Promise<StoredImage>;
  /** Deletes every variant of these keys (missing files are fine). */
  remove(keys: readonly string[]): Promise<void>;
  /** File path of one variant. */
  file(key: string, size: ImageSize): string;
};

/** Formats an upload may have; SVG and other vector or document formats are refused. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** About 50 megapixels: enough for any camera, refuses decompression bombs. */
const MAX_PIXELS = 50_000_000;
const SIZES = IMAGE_SIZE_NAMES.map((size) => [size, IMAGE_SIZES[size]] as const);
const LARGEST = Math.max(...Object.values(IMAGE_SIZES));
const KEY_PATTERN = /^[a-z0-9]{8,64}$/;

export function createStorage(dir: string): Storage {
  mkdirSync(dir, { recursive: true });
  const file = (key: string, size: ImageSize) => path.join(dir, `${key}-${size}.webp`);

  async function isImage(input: Buffer) {
    try {
      const meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
      return Boolean(
        meta.format && ACCEPTED.has(meta.format) && meta.width && meta.height && meta.width * meta.height <= MAX_PIXELS,
      );
    } catch {
      return false;
    }
  }

  async function remove(keys: readonly string[]) {
    await Promise.all(
      keys.filter((k) => KEY_PATTERN.test(k)).flatMap((k) => SIZES.map(([size]) => rm(file(k, size), { force: true }))),
    );
  }

  async function save(input: Buffer): Promise<StoredImage> {
    if (!(await isImage(input))) throw badRequest(MSG.imagesOnly, { image: MSG.imagesOnly });
    // Decode once: upright, at most the largest width; every variant is made from these pixels.
    let decoded: { data: Buffer; info: OutputInfo };
    try {
      decoded = await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: LARGEST, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw badRequest(MSG.imagesOnly, { image: MSG.imagesOnly });
    }
    const { data, info } = decoded;
    const key = randomBytes(12).toString('hex');
    try {
      const written = await Promise.all(
        SIZES.map(([size, width]) =>
          sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
            .resize({ width, withoutEnlargement: true })
            .webp({ quality: 80, effort: 2 })
            .toFile(file(key, size)),
        ),
      );
      const lg = written[SIZES.findIndex(([size]) => size === 'lg')] ?? written[0];
      return { key, width: lg?.width ?? info.width, height: lg?.height ?? info.height };
    } catch (err) {
      await remove([key]);
      throw err;
    }
  }

  return { dir, isImage, save, remove, file };
}
