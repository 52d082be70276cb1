// Runs in the page (scripts/add-try-it.mjs inlines it with TRY_IT_OPERATIONS: the operations of the
// area the page has loaded, read from the spec).
// A "Try it" panel, with the operation on screen after its request sample: pick an operation (the one on screen by default), fill its parameters, body and
// keys, send it, read the status, headers and body. It sends where the reader settings say
// (scripts/reader-settings.js): to the mock on `pnpm start`'s page (its same-origin /mock paths,
// answered in-process by the mock's handler, scripts/start.mjs), else to the platform's address for the chosen region and app id.
// Keys live only in the masked fields of this panel: never written to storage, a cookie or the
// address, and sent only with the request the reader sends, to that one address.
/* global TRY_IT_OPERATIONS */
(() => {
  // The operations of the area the page has loaded (scripts/areas.mjs); on the guide, none.
  if (TRY_IT_OPERATIONS.length === 0) return;
  const STYLE = `
    .try-it { box-sizing: border-box; max-width: 100%; margin: 16px 0; font: 14px sans-serif; background: #ffffff;
      color: #1a1c21; border: 1px solid #5d6673; border-radius: 6px; }
    :root.dark .try-it { background: #22242b; color: #ededf2; }
    .try-it summary { cursor: pointer; padding: 8px 16px; font-weight: 600; }
    .try-it form { display: grid; gap: 8px; padding: 0 16px 16px; }
    .try-it label { display: grid; gap: 2px; }
    .try-it input, .try-it select, .try-it textarea { box-sizing: border-box; width: 100%; min-width: 0;
      font: 13px monospace; min-height: 28px; }
    .try-it-destination { overflow-wrap: anywhere; }
    .try-it .try-it-secret { -webkit-text-security: disc; text-security: disc; }
    .try-it fieldset { display: grid; gap: 8px; min-width: 0; border: 1px solid #c4c6d1; padding: 8px; }
    .try-it button { justify-self: start; min-height: 32px; padding: 4px 16px; font: 600 14px sans-serif;
      color: #ffffff; background: #1a5fd0; border: 0; border-radius: 4px; cursor: pointer; }
    .try-it pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; padding: 8px; max-height: 40vh; overflow: auto;
      background: #f4f5f7; color: #1a1c21; }
    :root.dark .try-it pre { background: #16171c; color: #ededf2; }`;

  /**
   * A new element with these properties and children.
   * @template {keyof HTMLElementTagNameMap} K
   * @param {K} tag
   * @param {Partial<HTMLElementTagNameMap[K]>} [props]
   * @param {(Node | string)[]} [children]
   */
  const make = (tag, props = {}, children = []) => {
    const node = Object.assign(document.createElement(tag), props);
    node.append(...children);
    return node;
  };
  /** @param {string} labelText @param {Node} input */
  const field = (labelText, input) => make('label', {}, [labelText, input]);
  /** @param {string} template @param {Record<string, string>} values */
  const fill = (template, values) =>
    template.replace(/\{(\w+)\}/g, (/** @type {string} */ whole, /** @type {string} */ name) => values[name] ?? whole);

  const style = make('style', { textContent: STYLE });
  const panel = make('details', { className: 'try-it' });
  const form = make('form', { noValidate: true });
  const picker = make('select', { name: 'operation' });
  const fields = make('div', { className: 'try-it-fields' });
  const destination = make('p', { className: 'try-it-destination' });
  const result = make('pre', { className: 'try-it-result', tabIndex: 0 });
  result.setAttribute('role', 'status');
  result.setAttribute('aria-label', 'Response');
  for (const op of TRY_IT_OPERATIONS) picker.append(new Option(`${op.method} ${op.path} (${op.summary})`, op.id));
  form.append(
    field('Operation', picker),
    fields,
    destination,
    make('button', { type: 'button', textContent: 'Send' }),
    result,
  );
  panel.append(make('summary', { textContent: 'Try it' }), form);
  document.head.append(style);

  /** @type {Partial<ReaderSettings>} the reader's, once reader-settings.js hands them over */
  let settings = { target: 'platform' };
  const current = () => TRY_IT_OPERATIONS.find((op) => op.id === picker.value);

  /** The address the request goes to, from the reader's settings. @param {TryItOperation} op */
  function baseUrl(op) {
    const platform = fill(op.server.url, {
      ...op.server.defaults,
      ...('region' in op.server.defaults && settings.region ? { region: settings.region } : {}),
      ...('appId' in op.server.defaults && settings.appId ? { appId: settings.appId } : {}),
    });
    if (settings.target !== 'mock' || !settings.mockUrl) return platform;
    // The mock answers production paths; the page's own server hands /mock/... to the mock's handler.
    return `${location.origin}/mock${new URL(platform).pathname.replace(/\/$/, '')}`;
  }

  function renderFields() {
    const op = current();
    const groups = [];
    for (const where of ['path', 'query', 'header']) {
      const params = op.parameters.filter((p) => p.in === where);
      if (!params.length) continue;
      const set = make('fieldset', {}, [make('legend', { textContent: `${where} parameters` })]);
      for (const p of params) {
        const input = make('input', { name: `${where}:${p.name}`, value: String(p.example), required: p.required });
        input.autocomplete = 'off';
        set.append(field(`${p.name}${p.required ? ' (required)' : ''}`, input));
      }
      groups.push(set);
    }
    if (op.body !== undefined)
      groups.push(field('JSON body', make('textarea', { name: 'body', value: op.body, rows: 8, spellcheck: false })));
    const keys = make('fieldset', {}, [make('legend', { textContent: 'Keys (kept in this page only, never stored)' })]);
    const ways = op.keys;
    if (ways.length > 1) {
      const choice = make('select', { name: 'keys-choice' });
      choice.append(...ways.map((headers, i) => new Option(headers.map((h) => h.header).join(' + '), String(i))));
      keys.append(field('Authorise with', choice));
    }
    for (const header of [...new Set(ways.flat().map((h) => h.header))]) {
      // Masked text, not type=password: the browser offers to save what a password field held.
      const input = make('input', { name: `key:${header}`, className: 'try-it-secret', spellcheck: false });
      input.autocomplete = 'off';
      keys.append(field(`${header} header`, input));
    }
    if (ways.length) groups.push(keys);
    fields.replaceChildren(...groups);
    showDestination();
  }

  function showDestination() {
    const op = current();
    destination.textContent = `Sends ${op.method} to ${request(op).url}`;
  }

  /** @param {TryItOperation} op */
  function request(op) {
    const value = (/** @type {string} */ name) =>
      /** @type {HTMLInputElement | null} an input, textarea or select: each has a value */ (
        form.elements.namedItem(name)
      )?.value ?? '';
    let path = op.path;
    const query = new URLSearchParams();
    /** @type {Record<string, string>} */
    const headers = {};
    for (const p of op.parameters) {
      const v = value(`${p.in}:${p.name}`);
      if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(v));
      else if (v !== '' && p.in === 'query') query.append(p.name, v);
      else if (v !== '') headers[p.name] = v;
    }
    const way = op.keys[Number(value('keys-choice') || 0)] ?? [];
    for (const { header } of way) headers[header] = value(`key:${header}`);
    let body;
    if (op.body !== undefined) {
      body = value('body');
      headers['content-type'] = 'application/json';
    }
    const search = query.size ? `?${query}` : '';
    return {
      url: `${baseUrl(op)}${path}${search}`,
      init: { method: op.method, headers, body, credentials: /** @type {const} */ ('omit') },
    };
  }

  async function send() {
    const op = current();
    const { url, init } = request(op);
    result.textContent = `${op.method} ${url} …`;
    try {
      const response = await fetch(url, { ...init, cache: 'no-store', referrerPolicy: 'no-referrer' });
      const text = await response.text();
      let body = text;
      try {
        body = JSON.stringify(JSON.parse(text), null, 2);
      } catch {}
      const headerLines = [...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n');
      result.textContent = `${response.status} ${response.statusText}\n${headerLines}\n\n${body}`;
    } catch (error) {
      result.textContent = `The request did not complete (${/** @type {Error} */ (error).message}). From the file, the browser may block it; run \`pnpm start\` and choose "the mock".`;
    }
  }

  /** The operation on screen: Redoc's route ends with its operationId. */
  function followRoute() {
    const route = decodeURIComponent(location.hash.slice(1).split(/[?#]/)[0]);
    const op = TRY_IT_OPERATIONS.find((o) => route.endsWith(`/${o.id}`));
    if (op && op.id !== picker.value) {
      picker.value = op.id;
      renderFields();
    }
  }

  /**
   * The panel sits with the operation on screen, right after its request sample (reading and tab
   * order: the sample, then Try it), never over the page. Redoc draws one route at a time; where
   * the route has no operation, the panel is not shown.
   */
  function place() {
    const samples = document.querySelector('#redoc .panel-request-samples');
    if (!samples) panel.remove();
    else if (panel.previousElementSibling !== samples) samples.after(panel);
  }
  let placing = false;
  new MutationObserver(() => {
    if (placing) return;
    placing = true;
    requestAnimationFrame(() => {
      placing = false;
      place();
    });
  }).observe(document.getElementById('redoc'), { subtree: true, childList: true });

  picker.addEventListener('change', renderFields);
  form.addEventListener('input', showDestination);
  // No form submission: a submitted form's fields are what the browser remembers for autofill.
  form.addEventListener('submit', (event) => event.preventDefault());
  form.querySelector('button').addEventListener('click', send);
  addEventListener('hashchange', followRoute);
  renderFields();
  followRoute();
  place();
  window.readerSettings?.then((s) => {
    settings = s;
    showDestination();
  });
})();
