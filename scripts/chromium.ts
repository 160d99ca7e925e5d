/** The system Chromium the browser journeys and the page budgets run in. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Its flags: no sandbox (runs as root in CI), no GPU, and none of its own network traffic (updates, sync, QUIC),
 * which a closed network would refuse.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
