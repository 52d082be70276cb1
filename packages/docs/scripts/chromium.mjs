// Debian's Chromium and the flags that keep it off the network (playwright adds --headless itself), for the docs
// tests and the docs benchmark alike.
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
