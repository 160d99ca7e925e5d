/** Image variants kept for every upload, smallest first. */
export const IMAGE_SIZE_NAMES = ['sm', 'md', 'lg'] as const;
export type ImageSize = (typeof IMAGE_SIZE_NAMES)[number];
/** Each variant's width in px. */
export const IMAGE_SIZES = { sm: 480, md: 960, lg: 1600 } as const satisfies Record<ImageSize, number>;

/** Public URL of a stored image variant. */
export function imageUrl(key: string, size: ImageSize): string {
  return `/media/${key}-${size}.webp`;
}

/** The `sizes` of the stay page's gallery photos (the server announces its first ones with the same hint). */
export const GALLERY_SIZES = '(min-width: 900px) 25vw, (min-width: 751px) 33vw, (min-width: 350px) 50vw, 100vw';

/**
 * How many of the gallery's first photos a first screen shows, fetched first (fetchpriority high) and announced by
 * the server in the page's HTML: a phone's first two rows (two columns), a desktop's first row (four columns). The
 * largest paint of a stay page on a phone can be a photo of its second row.
 */
export const GALLERY_FIRST_PHOTOS = 4;

/** srcset of a stored image's variants. */
export const imageSrcSet = (key: string) => IMAGE_SIZE_NAMES.map((s) => `${imageUrl(key, s)} ${IMAGE_SIZES[s]}w`).join(', ');
