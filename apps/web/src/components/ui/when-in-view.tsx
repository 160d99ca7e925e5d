import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

export type WhenInViewProps = {
  /** What to render once needed: usually a lazy component, whose chunk then loads. */
  children: ReactNode;
  /** The space kept for it until then, so nothing moves when it arrives. */
  minHeight: string;
};

/**
 * Renders its children only once the spot scrolls into view, or as soon as the visitor moves through the page with
 * the Tab key (so a keyboard user reaches it in its place). Until then, an empty box of the same height. For blocks
 * below the fold whose code no page needs at start (the footer's subscribe form).
 */
export function WhenInView({ children, minHeight }: WhenInViewProps) {
  const spot = useRef<HTMLDivElement>(null);
  const [needed, setNeeded] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const el = spot.current;
    if (needed || !el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNeeded(true);
    });
    observer.observe(el);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Tab') setNeeded(true);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      observer.disconnect();
      window.removeEventListener('keydown', onKey);
    };
  }, [needed]);

  const placeholder = <div ref={spot} style={{ minHeight }} />;
  return needed ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
