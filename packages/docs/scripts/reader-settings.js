// Runs in the page (scripts/build-docs.mjs inlines it with the spec's servers as SERVERS). The
// reader picks a region, an app id and where requests go (the platform, or the mock `pnpm start`
// serves); the choice is remembered (localStorage) and every address and code sample on the page
// follows it, including what the samples' Copy button copies. Nothing here sends a request except
// the docs server's own /mock.json, asked only when the page is served by `pnpm start`.
/* global SERVERS */
(() => {
  const STORE = 'chatplatform-docs-settings';
  const form = document.querySelector('.reader-settings');
  const defaults = SERVERS[0].defaults;
  const regions = SERVERS.find((s) => s.regions)?.regions ?? [defaults.region];
  const saved = (() => {
    try {
      return JSON.parse(localStorage.getItem(STORE) ?? '{}');
    } catch {
      return {};
    }
  })();
  const settings = {
    region: regions.includes(saved.region) ? saved.region : defaults.region,
    appId: typeof saved.appId === 'string' && saved.appId.trim() ? saved.appId.trim() : defaults.appId,
    target: saved.target === 'mock' ? 'mock' : 'platform',
  };
  let mockUrl;

  const fill = (template, values) => template.replace(/\{(\w+)\}/g, (whole, name) => values[name] ?? whole);
  // The mock answers production paths: only the origin changes, the server's path (`/v3`) stays.
  const onMock = (serverUrl) => mockUrl + new URL(serverUrl).pathname.replace(/\/$/, '');

  /** [what the page shows by default, what it shows for the reader's settings] */
  function replacements() {
    const pairs = SERVERS.map((server) => {
      const from = fill(server.url, server.defaults);
      if (settings.target === 'mock' && mockUrl) return [from, onMock(from)];
      const own = { ...server.defaults };
      if ('region' in own) own.region = settings.region;
      if ('appId' in own) own.appId = settings.appId;
      return [from, fill(server.url, own)];
    });
    // The TypeScript client takes the app and region as options, not as an address.
    pairs.push([`appId: '${defaults.appId}'`, `appId: '${settings.appId}'`]);
    pairs.push([`region: '${defaults.region}'`, `region: '${settings.region}'`]);
    if (settings.target === 'mock' && mockUrl)
      pairs.push([
        'createClient({\n',
        // The client's baseUrl replaces every server's origin and keeps its path: the mock's origin.
        `createClient({\n  baseUrl: '${mockUrl}',\n`,
      ]);
    return pairs.filter(([from, to]) => from !== to);
  }

  function rewrite(text, pairs) {
    return pairs.reduce((out, [from, to]) => out.split(from).join(to), text);
  }

  /** Code blocks are rewritten whole (a sample's tokens are split over many spans); other text node by node. */
  function apply(root) {
    const pairs = replacements();
    if (!pairs.length) return;
    for (const pre of root.querySelectorAll('pre')) {
      const text = pre.textContent;
      const next = rewrite(text, pairs);
      if (next !== text) pre.textContent = next;
    }
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('pre, script, style')) continue;
      const next = rewrite(node.textContent, pairs);
      if (next !== node.textContent) node.textContent = next;
    }
  }

  function fillForm() {
    form.region.replaceChildren(...regions.map((r) => new Option(r, r, false, r === settings.region)));
    form.appId.value = settings.appId;
    if (mockUrl) form.target.append(new Option(`the mock (${mockUrl})`, 'mock', false, settings.target === 'mock'));
  }

  function watch() {
    const redoc = document.getElementById('redoc');
    apply(redoc);
    let queued = false;
    new MutationObserver(() => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        apply(redoc);
      });
    }).observe(redoc, { subtree: true, childList: true, characterData: true });
    // What a Copy button copies follows the settings too.
    const clipboard = navigator.clipboard;
    if (clipboard?.writeText) {
      const write = clipboard.writeText.bind(clipboard);
      clipboard.writeText = (text) => write(rewrite(text, replacements()));
    }
  }

  form.addEventListener('change', () => {
    const appId = form.appId.value.trim();
    const next = { region: form.region.value, appId: appId || defaults.appId, target: form.target.value };
    localStorage.setItem(STORE, JSON.stringify(next));
    location.reload(); // the page renders afresh from the defaults, then follows the new settings
  });
  form.addEventListener('submit', (event) => event.preventDefault());

  const served = location.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(location.hostname);
  const mock = served
    ? fetch('mock.json').then(
        (r) => (r.ok ? r.json() : {}),
        () => ({}),
      )
    : Promise.resolve({});
  // The settings in force, for the "Try it" panel (scripts/try-it.js): where a request goes.
  window.readerSettings = mock.then(({ url }) => {
    mockUrl = typeof url === 'string' ? url : undefined;
    if (!mockUrl && settings.target === 'mock') settings.target = 'platform';
    fillForm();
    watch();
    return { ...settings, mockUrl };
  });
})();
