// Debian's Chromium and the flags that keep it off the network (playwright adds --headless itself).
// Two builds of one release: the headless shell (the page without the browser around it, as
// playwright runs headless) prerenders the docs and runs their tests, for a third less CPU
// (docs/decisions/load-time.md); the benchmark times the page in the browser a reader opens.
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
