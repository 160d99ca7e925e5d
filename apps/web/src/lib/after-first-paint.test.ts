import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterFirstPaint } from './after-first-paint';

describe('useAfterFirstPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is false on the first render and true once a frame has painted', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { result } = renderHook(() => useAfterFirstPaint());
    expect(result.current).toBe(false);
    expect(frames).toHaveLength(1);
    // However long it waits, no timer shows the rest before a frame has painted.
    await act(() => vi.runAllTimersAsync());
    expect(result.current).toBe(false);
    vi.useRealTimers();
    for (const frame of frames) frame(0);
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('shows everything at once in a hidden tab, which paints no frames', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    const { result } = renderHook(() => useAfterFirstPaint());
    await waitFor(() => expect(result.current).toBe(true));
    expect(frame).not.toHaveBeenCalled();
  });
});
