#!/usr/bin/env node
// Prerenders every operation's page, so that a reader who opens `#/calls/get-call` sees Get Call
// as soon as the page paints, not after Redoc's 2.3 MB script has been compiled, run and has drawn
// the route (about 1.5 s here). `redocly build-docs` prerenders the overview only; its router is
// client-side (hash links), so the other pages do not exist as HTML.
// Redoc draws each route in Debian's Chromium with one page load per area (the page loads an area's
// operations when its address names it, scripts/areas.mjs): within an area Redoc's own router is
// sent from route to route (a hash change), so the build costs a load of the page per area plus a
// little per operation, instead of a load per operation. Every step in the browser has a
// time limit and fails the build with what it was waiting for.
// Each route's <main> is written to a file of its own, `dist/routes/<tag>/<operationId>.js`, with
// the style rules it needs that the overview does not carry, so the page a reader opens stays the
// same size whatever the number of operations. A script first in <head> loads the one route file
// the address names (a parser-blocking <script src>, which loads from file:// where fetch() does
// not); a small script before Redoc's puts that page into <main> before the first paint; Redoc
// then hydrates over it as it did over the overview.
// Routes come from the spec (each operation's first tag and operationId) and the page's own sidebar
// (the tag's address); a route Redoc does not draw with the operation's summary fails the build.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { operationsOf } from '@chatplatform/spec';
import { chromium } from 'playwright-core';
import { parse } from 'yaml';
import { chromiumFlags, headlessShellPath } from './chromium.mjs';

export const BEGIN = '<!--prerendered-routes-->';
export const END = '<!--/prerendered-routes-->';
const HEAD_BEGIN = '<!--prerendered-routes:head-->';
const HEAD_END = '<!--/prerendered-routes:head-->';
/** The global a route file sets, read by showRoute. */
const GLOBAL = 'chatplatformPrerenderedRoute';
/** Each wait in the browser: far above what a step takes, low enough that a hang ends the build. */
const STEP_TIMEOUT_MS = Number(process.env.PRERENDER_STEP_TIMEOUT_MS ?? 60_000);
/** @param {string} name */
const dist = (name) => fileURLToPath(new URL(`../dist/${name}`, import.meta.url));

/**
 * The file of a route's page, relative to the page: /calls/get-call -> routes/calls/get-call.js;
 * null for an address that is not `/<tag>/<operationId>` of plain name characters. Runs in the
 * page too (serialized into the head script), so it uses nothing from outside.
 * @param {string} route
 */
export function routeFile(route) {
  const match = /^\/([A-Za-z0-9_-][A-Za-z0-9._-]*)\/([A-Za-z0-9_-][A-Za-z0-9._-]*)$/.exec(route);
  return match ? `routes/${match[1]}/${match[2]}.js` : null;
}

/**
 * Rejects with what was being waited for when `promise` takes longer than `ms`.
 * @template T
 * @param {string} what
 * @param {Promise<T>} promise
 * @param {number} [ms]
 * @returns {Promise<T>}
 */
export async function step(what, promise, ms = STEP_TIMEOUT_MS) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {Promise<never>} */
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `prerender: ${what} did not finish in ${ms / 1000} s (PRERENDER_STEP_TIMEOUT_MS raises the limit on a slow machine).`,
          ),
        ),
      ms,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The route of every operation of the rendered spec: its tag name, operationId and summary.
 * @param {{ paths?: unknown }} spec
 * @returns {Operation[]}
 */
export function routesOf(spec) {
  return operationsOf(spec).map(({ method, operation }) => {
    const { tags = [], operationId, summary } = operation;
    if (!tags[0] || !operationId || !summary)
      throw new Error(
        `prerender: ${method.toUpperCase()} ${operationId ?? '?'} needs a tag, an operationId and a summary.`,
      );
    return { tag: tags[0], operationId, summary };
  });
}

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {{ tag: string, operationId: string, summary: string }} Operation */
/** @typedef {{ route: string, html: string, css: string }} RenderedRoute */

/**
 * Waits until Redoc has hydrated: its sidebar's footer logo is drawn by an effect.
 * @param {Page} page
 */
const hydrated = (page) =>
  step(
    "Redoc's hydration (its sidebar logo drawn)",
    page.locator('img[alt="redocly logo"]').first().waitFor({ state: 'attached' }),
  );

/**
 * Every style rule in the page's styled-components sheets.
 * @param {Page} page
 * @returns {Promise<string[]>}
 */
const styleRules = (page) =>
  step(
    "reading the page's style rules",
    page.evaluate(() =>
      [.../** @type {NodeListOf<HTMLStyleElement>} */ (document.querySelectorAll('style[data-styled]'))].flatMap((s) =>
        [...(s.sheet?.cssRules ?? [])].map((r) => r.cssText),
      ),
    ),
  );

/**
 * The style rules `redocly build-docs` prerendered: the page's sheets with scripts off.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 */
async function prerenderedRules(browser, url) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  await page.goto(url);
  const rules = await styleRules(page);
  await context.close();
  if (!rules.length) throw new Error('prerender: the page carries no prerendered styled-components rules.');
  return rules;
}

/**
 * Opens the page once, at the overview, and reads the sidebar's route for each tag (Redoc decides the slug).
 * @param {Page} page
 * @param {string} url
 * @returns {Promise<{ routes: Record<string, string>, placeholder: string | null }>}
 */
async function openOverview(page, url) {
  await page.goto(`${url}#/`);
  await hydrated(page);
  return step(
    "reading the sidebar's tag links",
    page.evaluate(() => {
      /** @type {Record<string, string>} */
      const routes = {};
      for (const link of document.querySelectorAll('[data-component-name="Menu/Menu"] a[href]')) {
        const text = link.querySelector('[data-text]')?.getAttribute('data-text');
        if (text) routes[text] = String(link.getAttribute('href')).replace(/^#/, '');
      }
      // An unrendered section's placeholder: what sections above a route look like when it is opened.
      const placeholder = document.querySelector('#api-content > [data-section-id]:empty')?.className ?? null;
      return { routes, placeholder };
    }),
  );
}

/**
 * Loads the page at an area's address (the page then loads that area's operations) and waits for
 * Redoc. From about:blank, so that it is a load even when the page is at one of the area's routes.
 * @param {Page} page
 * @param {string} url
 * @param {string} tagRoute
 */
async function openArea(page, url, tagRoute) {
  await page.goto('about:blank');
  await page.goto(`${url}#${tagRoute}`);
  await hydrated(page);
}

/**
 * Redoc draws a section when it is scrolled near: scroll down to the end of the route's own section
 * (not the document's: every section below would be drawn too, and kept), then back.
 * @param {string} route
 */
async function renderWholeRoute(route) {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
  const section = () => document.getElementById(route.slice(1));
  const below = () => (section()?.getBoundingClientRect().bottom ?? 0) > innerHeight;
  for (
    let step = 0;
    step < 200 && below() && scrollY + innerHeight < document.documentElement.scrollHeight - 1;
    step++
  ) {
    scrollBy(0, innerHeight / 2);
    await frame();
  }
  await frame();
  scrollTo(0, 0);
  await frame();
}

/**
 * The route's <main> as a reader who opens its address needs it: its tag's heading and its own
 * section; every other section Redoc has drawn (for earlier routes, or around this one) goes back
 * to Redoc's empty placeholder, so a route's file holds one operation whatever their number.
 * @param {{ route: string, placeholder: string | null }} at
 */
function routeMain({ route, placeholder }) {
  const main = /** @type {Element} */ (/** @type {Element} */ (document.querySelector('#redoc main')).cloneNode(true));
  const tagSection = `/${route.split('/')[1]}`;
  for (const child of [...(main.querySelector('#api-content')?.children ?? [])]) {
    const id =
      child.getAttribute('data-section-id') ??
      child.querySelector('[data-section-id]')?.getAttribute('data-section-id');
    if (id === tagSection || id === route) continue;
    if (placeholder === null || id == null || child.matches('[data-section-id]:empty')) continue;
    const empty = document.createElement('div');
    empty.setAttribute('data-section-id', id);
    empty.className = placeholder;
    child.replaceWith(empty);
  }
  return main.innerHTML;
}

/**
 * Sends Redoc's router to a route (no reload) and returns its <main> once the heading is drawn.
 * @param {Page} page
 * @param {{ route: string, summary: string, placeholder: string | null }} target
 */
async function drawRoute(page, { route, summary, placeholder }) {
  await step(
    `opening #${route}`,
    page.evaluate((hash) => {
      location.hash = hash;
    }, route),
  );
  const drawn = await page
    .waitForFunction(
      (summary) => [...document.querySelectorAll('main h1, main h2')].some((h) => h.textContent?.trim() === summary),
      summary,
    )
    .then(
      () => true,
      () => false,
    );
  if (!drawn)
    throw new Error(
      `prerender: Redoc did not draw "${summary}" at #${route} in ${STEP_TIMEOUT_MS / 1000} s; is the route right? (PRERENDER_STEP_TIMEOUT_MS raises the limit on a slow machine.)`,
    );
  await step(`drawing the whole of #${route}`, page.evaluate(renderWholeRoute, route));
  return step(`reading #${route}`, page.evaluate(routeMain, { route, placeholder }));
}

/**
 * The rules a route's HTML can match: the page's sheets hold the rules of every route drawn so far
 * (and of Redoc's hydrated sidebar); a rule naming no class of the HTML is left out.
 * @param {string} html
 * @param {string[]} rules
 */
function rulesFor(html, rules) {
  const classes = new Set(
    [...html.matchAll(/\bclass="([^"]*)"/g)].flatMap((m) => (m[1] ?? '').split(/\s+/)).filter(Boolean),
  );
  return rules.filter((rule) => {
    const named = [...rule.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1] ?? '');
    return named.length === 0 || named.some((name) => classes.has(name));
  });
}

/**
 * Draws an area's routes, one after the other, in the page loaded at the area's address. A route
 * whose drawing fails (a wait past its limit: seen once in a build at 500 operations beside the
 * SDKs' compilers) is drawn once more in a fresh load of the area; a second failure ends the build.
 * @param {Page} page
 * @param {{ url: string, tagRoute: string, placeholder: string | null, overviewRules: Set<string> }} area
 * @param {Operation[]} operations the area's
 * @returns {Promise<{ routes: RenderedRoute[], retries: number }>}
 */
async function drawArea(page, { url, tagRoute, placeholder, overviewRules }, operations) {
  await openArea(page, url, tagRoute);
  const routes = [];
  let retries = 0;
  for (const { operationId, summary } of operations) {
    const route = `${tagRoute}/${operationId}`;
    if (!routeFile(route))
      throw new Error(
        `prerender: the route ${route} is not /<tag>/<operationId> of letters, digits, '.', '_' and '-'.`,
      );
    const target = { route, summary, placeholder };
    const html = await drawRoute(page, target).catch(async (/** @type {Error} */ error) => {
      console.warn(`${error.message}\nprerender: drawing #${route} once more, in a fresh load of its area.`);
      retries++;
      await openArea(page, url, tagRoute);
      return drawRoute(page, target);
    });
    const rules = (await styleRules(page)).filter((rule) => !overviewRules.has(rule));
    routes.push({ route, html, css: rulesFor(html, rules).join('\n') });
  }
  return { routes, retries };
}

/**
 * Draws every operation's route: one load of the page at the overview, then one per area; `loads`
 * counts the page loads Redoc's drawing took and `retries` the routes drawn a second time (the
 * tests hold them to that).
 * @param {string} pageFile the built page
 * @param {Operation[]} operations from routesOf
 * @param {{ browser?: import('playwright-core').Browser }} [options] a running browser to draw in
 *   (the tests share one per run); without it, one is launched for the drawing and closed after.
 */
export async function render(pageFile, operations, { browser: running } = {}) {
  const browser =
    running ?? (await chromium.launch({ executablePath: headlessShellPath, headless: true, args: chromiumFlags }));
  /** @type {import('playwright-core').BrowserContext | undefined} */
  let context;
  try {
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    await context.route('**/*', (route) =>
      new URL(route.request().url()).protocol === 'file:' ? route.continue() : route.abort('blockedbyclient'),
    );
    const url = pathToFileURL(pageFile).href;
    const overviewRules = new Set(await prerenderedRules(browser, url));
    const page = await context.newPage();
    let loads = 0;
    page.on('load', () => {
      if (page.url() !== 'about:blank') loads++;
    });
    const { routes: tags, placeholder } = await openOverview(page, url);
    /** @type {RenderedRoute[]} */
    const routes = [];
    let retries = 0;
    /** @type {Map<string, Operation[]>} */
    const byArea = new Map();
    for (const operation of operations) byArea.set(operation.tag, [...(byArea.get(operation.tag) ?? []), operation]);
    for (const [tag, ofArea] of byArea) {
      const tagRoute = tags[tag];
      if (!tagRoute) throw new Error(`prerender: the sidebar has no link for the tag "${tag}".`);
      const drawn = await drawArea(page, { url, tagRoute, placeholder, overviewRules }, ofArea);
      routes.push(...drawn.routes);
      retries += drawn.retries;
    }
    // The tags of the prerendered routes only (the sidebar also links the guide's /section/… pages).
    return { routes, tags: [...new Set(routes.map(({ route }) => route.split('/')[1] ?? ''))], loads, retries };
  } finally {
    await context?.close();
    if (!running) await browser.close();
  }
}

/**
 * Runs first in <head>: when the address names an operation's route under one of the page's tags,
 * loads that route's file (parser-blocking, so it is there before <main> is parsed) and keeps
 * Redoc's overview out of the first paint (laying it out and painting it cost 100 to 300 ms here)
 * until showRoute has swapped the page in.
 * @param {string[]} tags
 * @param {(route: string) => string | null} fileOf
 */
function loadRoute(tags, fileOf) {
  const route = decodeURIComponent(location.hash.slice(1).split(/[?#]/)[0]);
  const file = fileOf(route);
  if (!file || !tags.includes(route.split('/')[1])) return;
  const root = document.documentElement;
  root.classList.add('prerendered-route-pending');
  // Whatever happens to the file or showRoute, the page shows once parsed.
  addEventListener('DOMContentLoaded', () => root.classList.remove('prerendered-route-pending'));
  // \x3c: the end tag must not close this inline script.
  document.write(`<script src="${file}">\x3c/script>`);
}

/**
 * Runs before Redoc's script: shows the prerendered page the route file gave, if it is the address's.
 * @param {string} global
 */
function showRoute(global) {
  // The route file's global: set by a script, so unknown to the type of window.
  const globals = /** @type {Record<string, RenderedRoute | undefined>} */ (/** @type {unknown} */ (window));
  const page = globals[global];
  delete globals[global];
  const route = decodeURIComponent(location.hash.slice(1).split(/[?#]/)[0]);
  const main = document.querySelector('#redoc main');
  document.documentElement.classList.remove('prerendered-route-pending');
  if (!page || page.route !== route || !main) return;
  const style = document.createElement('style');
  style.dataset.prerenderedRoutes = '';
  style.textContent = page.css;
  document.head.append(style);
  main.innerHTML = page.html;
  // Redoc shows an operation at the top of its tag's page; so does the prerendered page.
  // Before the first paint, once the rest of the page above it is laid out.
  const scroll = () => document.getElementById(route.slice(1))?.scrollIntoView();
  scroll();
  requestAnimationFrame(scroll);
}

/** @param {unknown} value */
const json = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * What goes first in <head>: loadRoute with the page's tags (not its routes: the page's size stays).
 * @param {{ tags: string[] }} rendered
 */
export function headBlock({ tags }) {
  const style = '<style>.prerendered-route-pending #redoc { display: none; }</style>';
  return `${HEAD_BEGIN}<script>(${loadRoute})(${json(tags)}, ${routeFile});</script>${style}${HEAD_END}`;
}

/** The block placed between Redoc's prerendered HTML and its script. */
export function prerenderedBlock() {
  return `${BEGIN}\n<script>(${showRoute})(${json(GLOBAL)});</script>\n${END}`;
}

/**
 * A route's file: it hands its page and style rules to showRoute.
 * @param {RenderedRoute} rendered
 */
export function routeScript({ route, html, css }) {
  return `window[${json(GLOBAL)}] = ${json({ route, html, css })};\n`;
}

/**
 * Inserts (or replaces) both blocks: one first in <head>, one right before Redoc's module script.
 * @param {string} html
 * @param {{ tags: string[] }} rendered
 */
export function withPrerendered(html, rendered) {
  const clean = withoutPrerendered(html);
  const head = clean.indexOf('<head>');
  const redoc = clean.indexOf('<div id="redoc">');
  const script = clean.indexOf('<script type="module">', redoc);
  if (head < 0 || redoc < 0 || script < 0)
    throw new Error('prerender: the page has no <head>, or no <div id="redoc"> followed by its module script.');
  const afterHead = head + '<head>'.length;
  return (
    clean.slice(0, afterHead) +
    headBlock(rendered) +
    clean.slice(afterHead, script) +
    `${prerenderedBlock()}\n` +
    clean.slice(script)
  );
}

/** @type {(html: string, begin: string, end: string) => string} */
const cut = (html, begin, end) => {
  const at = html.indexOf(begin);
  return at < 0 ? html : html.slice(0, at) + html.slice(html.indexOf(end, at) + end.length);
};

/**
 * The page as `redocly build-docs` made it (the bench's baseline).
 * @param {string} html
 */
export function withoutPrerendered(html) {
  return cut(cut(html, HEAD_BEGIN, HEAD_END), BEGIN, `${END}\n`);
}

/**
 * Writes every route's file under dist/routes/ (the old ones removed) and the page's two blocks.
 * @param {string} pageFile
 * @param {{ routes: RenderedRoute[], tags: string[] }} rendered
 */
function write(pageFile, rendered) {
  const routesDir = join(dirname(pageFile), 'routes');
  rmSync(routesDir, { recursive: true, force: true });
  for (const route of rendered.routes) {
    const file = join(dirname(pageFile), /** @type {string} checked by render */ (routeFile(route.route)));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, routeScript(route));
  }
  writeFileSync(`${pageFile}.tmp`, withPrerendered(readFileSync(pageFile, 'utf8'), rendered));
  renameSync(`${pageFile}.tmp`, pageFile);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const pageFile = dist('index.html');
  const operations = routesOf(parse(readFileSync(dist('openapi.yaml'), 'utf8')));
  const started = performance.now();
  const rendered = await render(pageFile, operations).catch((error) => {
    if (/Executable doesn't exist|ENOENT/.test(error.message))
      error.message = `Chromium's headless shell is needed at ${headlessShellPath} to prerender the docs: \`apt-get install chromium-headless-shell\` (scripts/setup.sh does it).\n${error.message}`;
    throw error;
  });
  write(pageFile, rendered);
  const bytes = rendered.routes.reduce((sum, r) => sum + r.html.length + r.css.length, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `prerender: ${rendered.routes.length} operation page(s), ${(bytes / 1024).toFixed(0)} KiB, in ${seconds} s, into ${dirname(pageFile)}/routes/`,
  );
}
