import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { fakeMatchMedia } from './match-media';
import { unhandledRequests } from './mock-api';

// Mantine needs these in jsdom.
Object.defineProperty(window, 'matchMedia', { writable: true, value: fakeMatchMedia(() => false) });
class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserver as unknown as typeof window.ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  notifications.clean();
  vi.unstubAllGlobals();
  // Test files share one module graph and one window (isolate: false): what a test spied on is put back.
  vi.restoreAllMocks();
  const unhandled = unhandledRequests.splice(0);
  if (unhandled.length > 0) throw new Error(`Requests without a mock handler: ${unhandled.join(', ')}`);
});
