import type { ImageDto } from '@repo/shared/schemas/stay';
import { STAYS_COPY } from '../copy';
import classes from './stay-gallery.module.css';
import { StayImage } from './stay-image';

/** Column counts of the gallery by viewport width (the CSS in stay-gallery.module.css follows these). */
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

/** The stay page's masonry photo gallery. Each photo keeps its shape; nothing jumps while they load. */
export function StayGallery({ images, name }: { images: ImageDto[]; name: string }) {
  if (images.length === 0) {
    return <StayImage image={null} alt={STAYS_COPY.stay.noPhoto} ratio={16 / 6} />;
  }
  return (
    <div className={classes.gallery} data-testid="stay-gallery">
      {images.map((image, i) => (
        <figure key={image.key} className={classes.item}>
          <StayImage
            image={image}
            fit="natural"
            eager={i < 2}
            alt={STAYS_COPY.stay.photoAlt(name, i + 1)}
            sizes="(min-width: 900px) 25vw, (min-width: 751px) 33vw, (min-width: 350px) 50vw, 100vw"
          />
        </figure>
      ))}
    </div>
  );
}
