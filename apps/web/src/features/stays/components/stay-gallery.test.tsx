import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GALLERY_FIRST_PHOTOS } from '@repo/shared/domain/images';
import { fakeMatchMedia } from '@/testing/match-media';
import { renderUi } from '@/testing/render';
import { STAYS_COPY } from '../copy';
import { galleryColumns, masonry, StayGallery } from './stay-gallery';

const original = window.matchMedia;
/** A viewport of the given width for the gallery's min-width queries. */
function viewport(width: number) {
  window.matchMedia = fakeMatchMedia((query) => {
    const min = /min-width: (\d+)px/.exec(query);
    return min ? width >= Number(min[1]) : false;
  });
}
afterEach(() => {
  window.matchMedia = original;
});

const photos = [
  { key: 'stays/a/one', width: 1600, height: 1067 },
  { key: 'stays/a/two', width: 1200, height: 1600 },
  { key: 'stays/a/three', width: 1600, height: 900 },
  { key: 'stays/a/four', width: 1600, height: 1067 },
  { key: 'stays/a/five', width: 1600, height: 1067 },
];
const renderGallery = () => renderUi(<StayGallery name="Sea Breeze" images={photos} />);

describe('StayGallery', () => {
  it('follows the spec column rules: 1 under 350 px, 2 up to 750 px, 4 from 900 px', () => {
    expect(galleryColumns(340)).toBe(1);
    expect(galleryColumns(349)).toBe(1);
    expect(galleryColumns(350)).toBe(2);
    expect(galleryColumns(700)).toBe(2);
    expect(galleryColumns(750)).toBe(2);
    expect(galleryColumns(900)).toBe(4);
    expect(galleryColumns(1000)).toBe(4);
  });

  it.each([
    [340, 1],
    [700, 2],
    [800, 3],
    [1000, 4],
  ])('at %i px wide lays the photos out in %i columns', (width, columns) => {
    viewport(width);
    renderGallery();
    expect(screen.getByTestId('stay-gallery')).toHaveAttribute('data-columns', String(columns));
    expect(screen.getAllByTestId('stay-gallery-column')).toHaveLength(columns);
    expect(screen.getAllByRole('img')).toHaveLength(photos.length);
  });

  it('deals each photo to the shortest column', () => {
    const cols = masonry(photos, 2).map((c) => c.map((x) => x.item.key));
    // one (0.67) | two (1.33) → three goes left (0.67 → 1.23), four left again (1.23 < 1.33), five right.
    expect(cols).toEqual([
      ['stays/a/one', 'stays/a/three', 'stays/a/four'],
      ['stays/a/two', 'stays/a/five'],
    ]);
  });

  it('renders lazy photos with their size and variants so nothing jumps', () => {
    renderUi(
      <StayGallery
        name="Sea Breeze"
        images={[
          { key: 'stays/a/one', width: 1600, height: 1067 },
          { key: 'stays/a/two', width: 1200, height: 1600 },
          { key: 'stays/a/three', width: 1600, height: 900 },
          { key: 'stays/a/four', width: 1600, height: 900 },
        ]}
      />,
    );
    const imgs = screen.getAllByRole('img');
    expect(imgs).toHaveLength(4);
    expect(screen.getByTestId('stay-gallery').className).toMatch(/gallery/);
    // one column here: the first three rows load at once, the rest lazily
    const fourth = screen.getByAltText(STAYS_COPY.stay.photoAlt('Sea Breeze', 4));
    expect(fourth).toHaveAttribute('loading', 'lazy');
    expect(fourth).toHaveAttribute('width', '1600');
    expect(fourth).toHaveAttribute('height', '900');
    expect(fourth.getAttribute('srcset')).toBe(
      '/media/stays/a/four-sm.webp 480w, /media/stays/a/four-md.webp 960w, /media/stays/a/four-lg.webp 1600w',
    );
    expect(screen.getByAltText(STAYS_COPY.stay.photoAlt('Sea Breeze', 3))).toHaveAttribute('loading', 'eager');
    // The first screen's photos (loaded at once) are fetched first, the others in their turn.
    for (const n of [1, 2, 3, 4]) {
      const photo = screen.getByAltText(STAYS_COPY.stay.photoAlt('Sea Breeze', n));
      if (n <= Math.min(GALLERY_FIRST_PHOTOS, 3)) expect(photo).toHaveAttribute('fetchpriority', 'high');
      else expect(photo).not.toHaveAttribute('fetchpriority');
    }
  });

  it('shows a placeholder when the stay has no photos', () => {
    renderUi(<StayGallery name="Sea Breeze" images={[]} />);
    expect(screen.getByRole('img', { name: STAYS_COPY.stay.noPhoto })).toBeInTheDocument();
  });
});
