import { Box, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { imageSrcSet, imageUrl } from '@repo/shared/domain/images';
import type { ImageDto } from '@repo/shared/schemas/stay';
import type { CSSProperties } from 'react';
import { STAYS_COPY } from '../copy';

type Props = {
  image: ImageDto | null | undefined;
  alt: string;
  /** The `sizes` hint for the browser (which variant to fetch). */
  sizes?: string;
  /** 'cover' fills a box of the given aspect ratio; 'natural' keeps the photo's own shape (gallery). */
  fit?: 'cover' | 'natural';
  /** Width / height of the box in cover mode. */
  ratio?: number;
  /** Loads at once instead of lazily: for photos in the first screenful. */
  eager?: boolean;
  /** Fetched before other images (fetchpriority="high"): for the few photos that make the first paint. */
  priority?: boolean;
  radius?: string;
  style?: CSSProperties;
};

/**
 * A stored stay photo: lazy, with width/height so the page does not jump, and a srcset of the sm/md/lg variants.
 * With no photo it shows a calm placeholder with the same footprint.
 */
export function StayImage({
  image,
  alt,
  sizes = '100vw',
  fit = 'cover',
  ratio = 4 / 3,
  eager,
  priority,
  radius = 'var(--mantine-radius-md)',
  style,
}: Props) {
  if (!image) {
    return (
      <Box
        role="img"
        aria-label={alt}
        style={{
          aspectRatio: String(ratio),
          width: '100%',
          borderRadius: radius,
          background: 'linear-gradient(135deg, var(--mantine-color-brand-1), var(--mantine-color-brand-3))',
          display: 'grid',
          placeItems: 'center',
          ...style,
        }}
      >
        <Stack gap={4} align="center" aria-hidden>
          <IconPhoto size={36} stroke={1.5} color="var(--mantine-color-brand-8)" />
          <Text size="sm" c="brand.9">
            {STAYS_COPY.stay.noPhoto}
          </Text>
        </Stack>
      </Box>
    );
  }
  return (
    <img
      src={imageUrl(image.key, 'md')}
      srcSet={imageSrcSet(image.key)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      style={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: fit === 'cover' ? String(ratio) : undefined,
        objectFit: 'cover',
        borderRadius: radius,
        background: 'var(--mantine-color-gray-1)',
        ...style,
      }}
    />
  );
}
