import { vi } from 'vitest';

/** A `window.matchMedia` (jsdom has none) whose queries match when `matches` says so. */
export function fakeMatchMedia(matches: (query: string) => boolean) {
  return vi.fn(
    (query: string) =>
      ({
        matches: matches(query),
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      }) as unknown as MediaQueryList,
  );
}
