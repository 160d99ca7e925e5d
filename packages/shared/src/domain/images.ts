/** Image variants kept for every upload: width in px. */
export const IMAGE_SIZES = { sm: 480, md: 960, lg: 1600 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

/** Public URL of a stored image variant. */
export function imageUrl(key: string, size: ImageSize): string {
  return `/media/${key}-${size}.webp`;
}
