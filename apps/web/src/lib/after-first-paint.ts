import { startTransition, useEffect, useState } from 'react';

/**
 * False on a screen's first render and true from the frame after it has painted: a screen shows what a phone sees
 * first (a stay's name, price and photos) in a small first render, and the rest (below the fold) in a second one,
 * so its largest picture is on screen before the rest of the screen is built. A hidden tab (which paints no frames)
 * gets the rest at once.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const reveal = () => startTransition(() => setPainted(true));
    if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') {
      reveal();
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task: the first paint has happened by then.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(reveal, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
