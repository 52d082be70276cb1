// Debian's Chromium and the flags that keep it off the network (playwright adds --headless itself).
// Two builds of one release: the headless shell, Chromium without its browser around the page (as
// playwright runs headless), prerenders the docs and runs their tests, a third lighter on CPU than
// the whole browser (`pnpm exec vitest run --project e2e test/e2e/browser.test.ts`: 56 CPU seconds
// against 84, the same 44 tests passing); the benchmark times the page in the browser a reader opens.
export const headlessShellPath = '/usr/bin/chromium-headless-shell';
export const chromiumPath = '/usr/bin/chromium';
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
