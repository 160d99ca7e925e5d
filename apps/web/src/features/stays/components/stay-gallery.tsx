import { GALLERY_FIRST_PHOTOS, GALLERY_SIZES } from '@repo/shared/domain/images';
import type { ImageDto } from '@repo/shared/schemas/stay';
import { useSyncExternalStore } from 'react';
import { STAYS_COPY } from '../copy';
import classes from './stay-gallery.module.css';
import { StayImage } from './stay-image';

declare module 'react' {
  interface CSSProperties {
    /** The gallery's column count, read by stay-gallery.module.css. */
    '--gallery-columns'?: number;
  }
}

/** Column counts of the gallery by viewport width: 1 under 350 px, 2 up to 750 px, 3 between, 4 from 900 px. */
export const GALLERY_BREAKPOINTS = [
  { minWidth: 0, columns: 1 },
  { minWidth: 350, columns: 2 },
  { minWidth: 751, columns: 3 },
  { minWidth: 900, columns: 4 },
] as const;

export function galleryColumns(viewportWidth: number): number {
  let columns = 1;
  for (const b of GALLERY_BREAKPOINTS) if (viewportWidth >= b.minWidth) columns = b.columns;
  return columns;
}

const QUERIES = GALLERY_BREAKPOINTS.filter((b) => b.minWidth > 0).map((b) => ({
  query: `(min-width: ${b.minWidth}px)`,
  columns: b.columns,
}));

function currentColumns(): number {
  let columns = 1;
  for (const q of QUERIES) if (window.matchMedia(q.query).matches) columns = q.columns;
  return columns;
}

function subscribe(onChange: () => void) {
  const lists = QUERIES.map((q) => window.matchMedia(q.query));
  for (const l of lists) l.addEventListener('change', onChange);
  return () => {
    for (const l of lists) l.removeEventListener('change', onChange);
  };
}

/** The gallery's column count for the current viewport; follows resizes. */
export const useGalleryColumns = () => useSyncExternalStore(subscribe, currentColumns, () => 1);

/** Deals photos into columns, each to the shortest column so far (by the photos' known shapes). */
export function masonry<T extends { width: number; height: number }>(items: readonly T[], columns: number) {
  const cols: { item: T; index: number }[][] = Array.from({ length: columns }, () => []);
  const heights = new Array<number>(columns).fill(0);
  items.forEach((item, index) => {
    let target = 0;
    for (let c = 1; c < columns; c++) if ((heights[c] ?? 0) < (heights[target] ?? 0) - 1e-6) target = c;
    cols[target]?.push({ item, index });
    heights[target] = (heights[target] ?? 0) + item.height / Math.max(item.width, 1);
  });
  return cols;
}

/**
 * The stay page's masonry photo gallery. Each photo keeps its shape; nothing jumps while they load. The first three
 * rows (the first screenful, even on a phone) load at once, the first photos (GALLERY_FIRST_PHOTOS) before any other
 * image.
 */
export function StayGallery({ images, name }: { images: ImageDto[]; name: string }) {
  const columns = useGalleryColumns();
  if (images.length === 0) {
    return <StayImage image={null} alt={STAYS_COPY.stay.noPhoto} ratio={16 / 6} />;
  }
  return (
    <div className={classes.gallery} data-testid="stay-gallery" data-columns={columns} style={{ '--gallery-columns': columns }}>
      {masonry(images, columns).map((column, c) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
        <div key={c} className={classes.column} data-testid="stay-gallery-column">
          {column.map(({ item, index }) => (
            <figure key={item.key} className={classes.item}>
              <StayImage
                image={item}
                fit="natural"
                eager={index < columns * 3}
                priority={index < Math.min(GALLERY_FIRST_PHOTOS, columns * 3)}
                alt={STAYS_COPY.stay.photoAlt(name, index + 1)}
                sizes={GALLERY_SIZES}
              />
            </figure>
          ))}
        </div>
      ))}
    </div>
  );
}
