// Runs in the page (scripts/build-docs.mjs inlines it with the spec's servers as SERVERS). The
// reader picks a region, an app id and where requests go (the platform, or the mock `pnpm start`
// serves); the choice is remembered (localStorage) and every address and code sample on the page
// follows it, including what the samples' Copy button copies. Nothing here sends a request except
// the docs server's own /mock.json, asked only when the page is served by `pnpm start`.
/* global SERVERS */
(() => {
  const STORE = 'chatplatform-docs-settings';
  const form =
    /** @type {HTMLFormElement & Record<'region' | 'target', HTMLSelectElement> & { appId: HTMLInputElement }} */ (
      document.querySelector('.reader-settings')
    );
  const defaults = SERVERS[0].defaults;
  const regions = SERVERS.find((s) => s.regions)?.regions ?? [defaults.region];
  const saved = (() => {
    try {
      return JSON.parse(localStorage.getItem(STORE) ?? '{}');
    } catch {
      return {};
    }
  })();
  /** @type {Omit<ReaderSettings, 'mockUrl'>} */
  const settings = {
    region: regions.includes(saved.region) ? saved.region : defaults.region,
    appId: typeof saved.appId === 'string' && saved.appId.trim() ? saved.appId.trim() : defaults.appId,
    target: saved.target === 'mock' ? 'mock' : 'platform',
  };
  /** @type {string | undefined} where `pnpm start`'s mock listens, once the page has asked */
  let mockUrl;

  /** @param {string} template @param {Record<string, string>} values */
  const fill = (template, values) =>
    template.replace(/\{(\w+)\}/g, (/** @type {string} */ whole, /** @type {string} */ name) => values[name] ?? whole);
  // The mock answers production paths: only the origin changes, the server's path (`/v3`) stays.
  /** @param {string} serverUrl */
  const onMock = (serverUrl) => mockUrl + new URL(serverUrl).pathname.replace(/\/$/, '');

  /**
   * [what the page shows by default, what it shows for the reader's settings]
   * @returns {[string, string][]}
   */
  function replacements() {
    /** @type {[string, string][]} */
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

  /** @param {string} text @param {[string, string][]} pairs */
  function rewrite(text, pairs) {
    return pairs.reduce((out, [from, to]) => out.split(from).join(to), text);
  }

  // What each rewritten node showed last: a node that still shows it is left alone, one React has
  // changed again is rewritten from its new text. A rewrite always starts from the text Redoc drew,
  // never from its own output (the mock's `baseUrl:` line would otherwise be added on every pass).
  /** @type {WeakMap<Node, string>} */
  const shownBy = new WeakMap();
  /**
   * @param {Node} node
   * @param {(node: Node) => string} read
   * @param {(node: Node, text: string) => void} write
   * @param {[string, string][]} pairs
   */
  function rewriteNode(node, read, write, pairs) {
    const text = read(node);
    if (shownBy.get(node) === text) return;
    const next = rewrite(text, pairs);
    shownBy.set(node, next);
    if (next !== text) write(node, next);
  }

  /** Code blocks are rewritten whole (a sample's tokens are split over many spans); other text node by node. @param {Element} root */
  function apply(root) {
    const pairs = replacements();
    if (!pairs.length) return;
    const content = (/** @type {Node} */ node) => node.textContent;
    const setContent = (/** @type {Node} */ node, /** @type {string} */ text) => {
      node.textContent = text;
    };
    for (const pre of root.querySelectorAll('pre')) rewriteNode(pre, content, setContent, pairs);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('pre, script, style')) continue;
      rewriteNode(node, content, setContent, pairs);
    }
  }

  /**
   * Redoc's Copy buttons copy the text Redoc drew, through document.execCommand('copy'). The copy
   * they start is given what the page shows instead: the code block's text as rewritten, or the
   * rewritten form of what Redoc copies (a server's address in the server menu).
   */
  function copyWhatIsShown() {
    /** @type {Element | undefined} the Copy button the reader pressed, until the copy it starts */
    let pressed;
    document.addEventListener(
      'click',
      (event) => {
        pressed =
          /** @type {Element} */ (event.target).closest?.('[data-component-name="Buttons/CopyButton"]') ?? undefined;
        setTimeout(() => {
          pressed = undefined;
        });
      },
      true,
    );
    document.addEventListener(
      'copy',
      (event) => {
        if (!pressed) return; // a reader's own selection is already what the page shows
        const pre = pressed.closest('[data-component-name="CodeBlock/CodeBlock"]')?.querySelector('pre');
        const sample = pre && (shownBy.has(pre) || pre.closest('.panel-request-samples'));
        const shown = sample ? pre.textContent : rewrite(getSelection().toString(), replacements());
        event.clipboardData.setData('text/plain', shown);
        event.preventDefault();
      },
      true,
    );
  }

  function fillForm() {
    form.region.replaceChildren(...regions.map((r) => new Option(r, r, false, r === settings.region)));
    form.appId.value = settings.appId;
    if (mockUrl) form.target.append(new Option(`the mock (${mockUrl})`, 'mock', false, settings.target === 'mock'));
  }

  function watch() {
    const redoc = document.getElementById('redoc');
    // <html data-reader-settings> says whether a rewrite is due ("pending") or has run since Redoc
    // last drew ("done"): what a test waits for before it reads a sample.
    const root = document.documentElement;
    apply(redoc);
    root.setAttribute('data-reader-settings', 'done');
    let queued = false;
    new MutationObserver(() => {
      if (queued) return;
      queued = true;
      root.setAttribute('data-reader-settings', 'pending');
      requestAnimationFrame(() => {
        queued = false;
        apply(redoc);
        root.setAttribute('data-reader-settings', 'done');
      });
    }).observe(redoc, { subtree: true, childList: true, characterData: true });
    copyWhatIsShown();
  }

  form.addEventListener('change', () => {
    const appId = form.appId.value.trim();
    const next = { region: form.region.value, appId: appId || defaults.appId, target: form.target.value };
    localStorage.setItem(STORE, JSON.stringify(next));
    location.reload(); // the page renders afresh from the defaults, then follows the new settings
  });
  form.addEventListener('submit', (event) => event.preventDefault());

  const served = location.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(location.hostname);
  /** @type {Promise<{ url?: unknown }>} */
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
    // On `pnpm start`'s page the mock is the default (Getting started's first call goes there).
    if (mockUrl && saved.target === undefined) settings.target = 'mock';
    fillForm();
    watch();
    return { ...settings, mockUrl };
  });
})();
