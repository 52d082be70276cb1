#!/usr/bin/env node
// Puts every operation's page into dist/index.html as HTML, so that a reader who opens
// `#/calls/get-call` sees Get Call as soon as the page paints, not after Redoc's 2.3 MB script has
// been compiled, run and has drawn the route (about 1.5 s here). `redocly build-docs` prerenders the
// overview only; its router is client-side (hash links), so the other pages do not exist as HTML.
// Each operation's page is drawn by Redoc itself in Debian's Chromium from the built page, and its
// <main> is kept as a JSON string, with the style rules it needs that the overview does not
// already carry. A small script placed before Redoc's puts the page of the address's route into
// <main> before the first paint; Redoc then hydrates over it as it did over the overview.
// Routes come from the spec (each operation's first tag and operationId) and the page's own sidebar
// (the tag's address); a route Redoc does not draw with the operation's summary fails the build.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HTTP_METHODS } from '@chatplatform/spec';
import { chromium } from 'playwright-core';
import { parse } from 'yaml';
import { chromiumFlags, chromiumPath } from './chromium.mjs';

export const BEGIN = '<!--prerendered-routes-->';
export const END = '<!--/prerendered-routes-->';
const HEAD_BEGIN = '<!--prerendered-routes:head-->';
const HEAD_END = '<!--/prerendered-routes:head-->';
const dist = (name) => fileURLToPath(new URL(`../dist/${name}`, import.meta.url));

/** [tag name, operationId, summary] of every operation of the rendered spec. */
function operationsOf(spec) {
  return Object.values(spec.paths ?? {}).flatMap((pathItem) =>
    HTTP_METHODS.filter((m) => pathItem[m]).map((m) => {
      const { tags = [], operationId, summary } = pathItem[m];
      if (!tags[0] || !operationId || !summary)
        throw new Error(
          `prerender: ${m.toUpperCase()} ${operationId ?? '?'} needs a tag, an operationId and a summary.`,
        );
      return { tag: tags[0], operationId, summary };
    }),
  );
}

/** Waits until Redoc has hydrated: its sidebar's footer logo is drawn by an effect. */
const hydrated = (page) => page.locator('img[alt="redocly logo"]').first().waitFor({ state: 'attached' });

/** Every style rule in the page's styled-components sheets. */
const styleRules = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('style[data-styled]')].flatMap((s) => [...s.sheet.cssRules].map((r) => r.cssText)),
  );

/** The style rules `redocly build-docs` prerendered: the page's sheets with scripts off. */
async function prerenderedRules(browser, url) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url);
  const rules = await styleRules(page);
  await context.close();
  if (!rules.length) throw new Error('prerender: the page carries no prerendered styled-components rules.');
  return rules;
}

/** The sidebar's route for each tag, read from its link (Redoc decides the slug). */
async function tagRoutes(page, url) {
  await page.goto(`${url}#/`);
  await hydrated(page);
  return page.evaluate(() => {
    const routes = {};
    for (const link of document.querySelectorAll('[data-component-name="Menu/Menu"] a[href]')) {
      const text = link.querySelector('[data-text]')?.getAttribute('data-text');
      if (text) routes[text] = link.getAttribute('href').replace(/^#/, '');
    }
    return routes;
  });
}

/** Redoc draws a section when it is scrolled near: scroll down the route to its end, then back. */
async function renderWholeRoute() {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
  for (let step = 0; step < 200 && scrollY + innerHeight < document.documentElement.scrollHeight - 1; step++) {
    scrollBy(0, innerHeight / 2);
    await frame();
  }
  await frame();
  scrollTo(0, 0);
  await frame();
}

/** Opens a route afresh (as a pasted link does) and returns its <main> once the heading is drawn. */
async function drawRoute(page, url, route, summary) {
  await page.goto('about:blank');
  await page.goto(`${url}#${route}`);
  await hydrated(page);
  const drawn = await page
    .waitForFunction(
      (summary) => [...document.querySelectorAll('main h1, main h2')].some((h) => h.textContent.trim() === summary),
      summary,
      { timeout: 20_000 },
    )
    .then(
      () => true,
      () => false,
    );
  if (!drawn) throw new Error(`prerender: Redoc did not draw "${summary}" at #${route}; is the route right?`);
  await page.evaluate(renderWholeRoute);
  return page.evaluate(() => document.querySelector('#redoc main').innerHTML);
}

async function render(pageFile, operations) {
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumFlags });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.route('**/*', (route) =>
      new URL(route.request().url()).protocol === 'file:' ? route.continue() : route.abort('blockedbyclient'),
    );
    const url = pathToFileURL(pageFile).href;
    const overviewRules = new Set(await prerenderedRules(browser, url));
    const page = await context.newPage();
    const tags = await tagRoutes(page, url);
    const routes = [];
    const extraRules = new Set();
    for (const { tag, operationId, summary } of operations) {
      if (!tags[tag]) throw new Error(`prerender: the sidebar has no link for the tag "${tag}".`);
      const route = `${tags[tag]}/${operationId}`;
      routes.push({ route, html: await drawRoute(page, url, route, summary) });
      for (const rule of await styleRules(page)) if (!overviewRules.has(rule)) extraRules.add(rule);
    }
    return { routes, css: [...extraRules].join('\n') };
  } finally {
    await browser.close();
  }
}

/**
 * Runs first in <head>: on a prerendered route, Redoc's overview is kept out of the first paint
 * (laying it out and painting it cost 100 to 300 ms here) until showRoute has swapped the page in.
 */
function holdOverview(routes) {
  const route = decodeURIComponent(location.hash.slice(1).split(/[?#]/)[0]);
  if (!routes.includes(route)) return;
  document.documentElement.classList.add('prerendered-route-pending');
  // Whatever happens to showRoute, the page shows once parsed.
  addEventListener('DOMContentLoaded', () => document.documentElement.classList.remove('prerendered-route-pending'));
}

/** Runs before Redoc's script: shows the prerendered page of the address's route, if there is one. */
function showRoute() {
  const route = decodeURIComponent(location.hash.slice(1).split(/[?#]/)[0]);
  const pages = [...document.querySelectorAll('script[data-route]')];
  const chosen = pages.find((p) => p.dataset.route === route);
  const main = document.querySelector('#redoc main');
  for (const p of pages) p.remove();
  if (chosen && main) main.innerHTML = JSON.parse(chosen.textContent);
  document.documentElement.classList.remove('prerendered-route-pending');
  if (!chosen || !main) return;
  // Redoc shows an operation at the top of its tag's page; so does the prerendered page.
  // Before the first paint, once the rest of the page above it is laid out.
  const scroll = () => document.getElementById(route.slice(1))?.scrollIntoView();
  scroll();
  requestAnimationFrame(scroll);
}

const json = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

/** What goes first in <head>: holdOverview with the prerendered routes. */
export function headBlock({ routes }) {
  const style = '<style>.prerendered-route-pending #redoc { display: none; }</style>';
  return `${HEAD_BEGIN}<script>(${holdOverview})(${json(routes.map((r) => r.route))});</script>${style}${HEAD_END}`;
}

/**
 * The block placed between Redoc's prerendered HTML and its script. Each page is a JSON string in
 * a data script: the HTML parser only scans it as text, and only the route opened is parsed as HTML.
 */
export function prerenderedBlock({ routes, css }) {
  const pages = routes
    .map(
      ({ route, html }) =>
        `<script type="application/json" data-route="${route.replace(/"/g, '&quot;')}">${json(html)}</script>`,
    )
    .join('\n');
  return `${BEGIN}\n<style data-prerendered-routes>${css.replace(/</g, '\\3c ')}</style>\n${pages}\n<script>(${showRoute})();</script>\n${END}`;
}

/** Inserts (or replaces) both blocks: one first in <head>, one right before Redoc's module script. */
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
    `${prerenderedBlock(rendered)}\n` +
    clean.slice(script)
  );
}

const cut = (html, begin, end) => {
  const at = html.indexOf(begin);
  return at < 0 ? html : html.slice(0, at) + html.slice(html.indexOf(end, at) + end.length);
};

/** The page as `redocly build-docs` made it (the bench's baseline). */
export function withoutPrerendered(html) {
  return cut(cut(html, HEAD_BEGIN, HEAD_END), BEGIN, `${END}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const pageFile = dist('index.html');
  const operations = operationsOf(parse(readFileSync(dist('openapi.yaml'), 'utf8')));
  const rendered = await render(pageFile, operations).catch((error) => {
    if (/Executable doesn't exist|ENOENT/.test(error.message))
      error.message = `Chromium is needed at ${chromiumPath} to prerender the docs: \`apt-get install chromium\` (scripts/setup.sh does it).\n${error.message}`;
    throw error;
  });
  writeFileSync(`${pageFile}.tmp`, withPrerendered(readFileSync(pageFile, 'utf8'), rendered));
  renameSync(`${pageFile}.tmp`, pageFile);
  const bytes = rendered.routes.reduce((sum, r) => sum + r.html.length, 0) + rendered.css.length;
  console.log(
    `prerender: ${rendered.routes.length} operation page(s), ${(bytes / 1024).toFixed(0)} KiB, into ${pageFile}`,
  );
}
