#!/usr/bin/env node
// `pnpm bench` (docs): how fast the rendered docs open from disk in headless Chromium, before and
// after the prerendered operation pages (scripts/prerender-routes.mjs), in one run. "Before" is the
// built page with that block taken out (the page as `redocly build-docs` makes it, with our
// template and settings); "after" is dist/index.html. The two alternate run by run, each run a fresh
// browser context (cold cache) opening file://...#/calls/get-call with every non-file request
// blocked. Per run, from navigation start: first contentful paint; Get Call visible (the first frame
// in which its heading is in the viewport: what the reader sees); Redoc hydrated (its sidebar logo,
// drawn by an effect, is there: clicks work); the load event. Goal: Get Call visible under 1 s at p95.
// Options: `--baseline FILE` compares with another built page (an earlier commit's dist/index.html)
// instead of the page without its prerendered operation pages; `--cpu-slowdown N` runs Chromium's
// CPU N times slower (DevTools' throttling), as a slower reader's machine would.
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from './chromium.mjs';
import { BEGIN, withoutPrerendered } from './prerender-routes.mjs';

const { values: options } = parseArgs({
  options: { baseline: { type: 'string' }, 'cpu-slowdown': { type: 'string', default: '1' } },
});
const CPU_SLOWDOWN = Number(options['cpu-slowdown']);
if (!(CPU_SLOWDOWN >= 1)) {
  console.error(
    `--cpu-slowdown takes a number of 1 or more (4 for four times slower), got "${options['cpu-slowdown']}".`,
  );
  process.exit(1);
}
const RUNS = Number(process.env.DOCS_BENCH_RUNS ?? 15);
const GOAL_MS = 1000;
const ROUTE = '#/calls/get-call';
const HEADING = 'Get Call';
const after = fileURLToPath(new URL('../dist/index.html', import.meta.url));
const before = options.baseline
  ? resolve(options.baseline)
  : fileURLToPath(new URL('../dist/bench-before.html', import.meta.url));

function preflight() {
  try {
    statSync(after);
  } catch {
    console.error(`${after} is missing: run \`pnpm build\` at the repository root first.`);
    process.exit(1);
  }
  try {
    statSync(chromiumPath);
  } catch {
    console.error(
      `Chromium is not installed at ${chromiumPath}: \`apt-get install chromium\` (scripts/setup.sh does it).`,
    );
    process.exit(1);
  }
  if (options.baseline) {
    try {
      statSync(before);
    } catch {
      console.error(
        `--baseline ${options.baseline}: no such file (give a built page, e.g. another checkout's dist/index.html).`,
      );
      process.exit(1);
    }
    return;
  }
  const html = readFileSync(after, 'utf8');
  if (!html.includes(BEGIN)) {
    console.error(`${after} has no prerendered operation pages: run \`pnpm build\` (it runs prerender-routes.mjs).`);
    process.exit(1);
  }
  writeFileSync(before, withoutPrerendered(html));
}

// Runs in the page: the first frame in which the heading is in the viewport, and hydration.
/** @param {string} heading */
function watchGetCall(heading) {
  const visible = () =>
    [...document.querySelectorAll('h1, h2')].some((h) => {
      if (h.textContent.trim() !== heading) return false;
      const box = h.getBoundingClientRect();
      return box.height > 0 && box.bottom > 0 && box.top < innerHeight;
    });
  /** @param {number} time */
  const frame = (time) => {
    if (window.__visibleAt === undefined && visible()) window.__visibleAt = time;
    if (window.__hydratedAt === undefined && document.querySelector('img[alt="redocly logo"]'))
      window.__hydratedAt = time;
    if (window.__visibleAt === undefined || window.__hydratedAt === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/**
 * @typedef {{ paint: number, visible: number, hydrated: number, load: number }} Sample
 *   one page load's times, in milliseconds from navigation start
 */

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} file the page
 * @param {{ blocked: number }} counters requests off the machine, counted
 * @returns {Promise<Sample>}
 */
async function measure(browser, file, counters) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.route('**/*', (route) => {
    const { protocol } = new URL(route.request().url());
    if (protocol === 'file:' || protocol === 'data:' || protocol === 'blob:') return route.continue();
    counters.blocked++;
    return route.abort('blockedbyclient');
  });
  await context.addInitScript(watchGetCall, HEADING);
  const tab = await context.newPage();
  if (CPU_SLOWDOWN > 1) {
    const devtools = await context.newCDPSession(tab);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  await tab.goto(`${pathToFileURL(file).href}${ROUTE}`, { waitUntil: 'load' });
  await tab.waitForFunction(() => window.__visibleAt !== undefined && window.__hydratedAt !== undefined, null, {
    timeout: 30_000,
  });
  const sample = await tab.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    // Both set: the wait above is for them.
    visible: /** @type {number} */ (window.__visibleAt),
    hydrated: /** @type {number} */ (window.__hydratedAt),
    load: /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]).loadEventEnd,
  }));
  await context.close();
  return sample;
}

/** @param {number[]} sorted @param {number} p */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
/** @param {number[]} samples */
const stats = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

async function run() {
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumFlags });
  /** @type {Record<string, Sample[]>} */
  const samples = { before: [], after: [] };
  const counters = { blocked: 0 };
  try {
    for (let i = 0; i < RUNS; i++) {
      // Alternate which goes first, so that neither always meets a warmer machine.
      const order = i % 2 ? ['after', 'before'] : ['before', 'after'];
      for (const side of order) samples[side].push(await measure(browser, side === 'after' ? after : before, counters));
    }
  } finally {
    await browser.close();
  }
  return { samples, blocked: counters.blocked };
}

/** @param {{ samples: Record<string, Sample[]>, blocked: number }} results */
function report({ samples, blocked }) {
  /** @type {[string, keyof Sample][]} */
  const measures = [
    ['first contentful paint', 'paint'],
    ['Get Call visible', 'visible'],
    ['Redoc hydrated', 'hydrated'],
    ['load event', 'load'],
  ];
  const rows = measures.map(([name, key]) => {
    const b = stats(samples.before.map((s) => s[key]));
    const a = stats(samples.after.map((s) => s[key]));
    return {
      measure: name,
      'before median ms': b.median.toFixed(0),
      'before p95 ms': b.p95.toFixed(0),
      'after median ms': a.median.toFixed(0),
      'after p95 ms': a.p95.toFixed(0),
      'median after/before': (a.median / b.median).toFixed(2),
      'p95 after/before': (a.p95 / b.p95).toFixed(2),
    };
  });
  /** @param {string} file */
  const size = (file) => {
    const bytes = readFileSync(file);
    const kib = (/** @type {number} */ n) => `${(n / 1024).toFixed(0)} KiB`;
    // What `pnpm start` sends a browser that accepts brotli (scripts/start.mjs: quality 9).
    const served = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }).length;
    return `${kib(bytes.length)} from disk, ${kib(served)} served (brotli as pnpm start sends it), ${kib(gzipSync(bytes).length)} gzip`;
  };
  console.log(
    `Method: ${RUNS} cold runs per side, alternating, of ${ROUTE} opened from disk in headless Chromium ` +
      `(${chromiumPath}), every non-file request blocked; times from navigation start` +
      `${CPU_SLOWDOWN > 1 ? `; CPU ${CPU_SLOWDOWN}x slower (DevTools throttling)` : ''}.`,
  );
  const baselineName = options.baseline ? `(${options.baseline})` : '(no prerendered operation pages)';
  console.log(`before ${baselineName}: ${size(before)}`);
  console.log(`after  (dist/index.html): ${size(after)}`);
  console.table(rows);
  for (const side of ['before', 'after']) {
    const { median, p95 } = stats(samples[side].map((s) => s.visible));
    const verdict = p95 < GOAL_MS ? 'meets' : 'misses';
    console.log(
      `${side}: Get Call visible at median ${median.toFixed(0)} ms, at p95 ${p95.toFixed(0)} ms ${verdict} the ${GOAL_MS} ms goal.`,
    );
  }
  if (blocked > 0) {
    console.error(`The page tried ${blocked} request(s) off the machine; it must work offline.`);
    process.exitCode = 1;
  }
}

preflight();
try {
  report(await run());
} finally {
  if (!options.baseline) rmSync(before, { force: true });
}
