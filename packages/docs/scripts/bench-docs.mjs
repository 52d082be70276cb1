#!/usr/bin/env node
// `pnpm bench` (docs): how fast the rendered docs open from disk in headless Chromium. Each run is a
// fresh browser context (cold cache) opening file://.../index.html#/calls/get-call, offline. Three
// figures per run, from navigation start: first contentful paint (the prerendered overview), the
// load event (loadEventEnd), and Get Call rendered (its page is drawn by Redoc's client-side router,
// so its heading appears only once the page's script has run). The goal is under one second.
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from './chromium.mjs';

const RUNS = Number(process.env.DOCS_BENCH_RUNS ?? 15);
const GOAL_MS = 1000;
const page = fileURLToPath(new URL('../dist/index.html', import.meta.url));

try {
  statSync(page);
} catch {
  console.error(`${page} is missing: run \`pnpm build\` at the repository root first.`);
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

// Records, inside the page, when Get Call's heading is first in the document.
function markGetCallRendered() {
  const check = () => {
    if (![...document.querySelectorAll('h1, h2')].some((h) => h.textContent.trim() === 'Get Call')) return false;
    window.__getCallRenderedAt = performance.now();
    return true;
  };
  new MutationObserver((_, observer) => check() && observer.disconnect()).observe(document, {
    subtree: true,
    childList: true,
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

// launch() runs Chromium on a fresh temporary profile; every run gets a new context (cold cache).
const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  args: chromiumFlags,
});
const paint = [];
const load = [];
const rendered = [];
let blocked = 0;
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.route('**/*', (route) => {
      const { protocol } = new URL(route.request().url());
      if (protocol === 'file:' || protocol === 'data:' || protocol === 'blob:') return route.continue();
      blocked++;
      return route.abort('blockedbyclient');
    });
    await context.addInitScript(markGetCallRendered);
    const tab = await context.newPage();
    await tab.goto(`${pathToFileURL(page).href}#/calls/get-call`, { waitUntil: 'load' });
    await tab.waitForFunction(() => window.__getCallRenderedAt !== undefined, null, { timeout: 30_000 });
    const [fcp, loadEnd, getCall] = await tab.evaluate(() => [
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      performance.getEntriesByType('navigation')[0].loadEventEnd,
      window.__getCallRenderedAt,
    ]);
    paint.push(fcp);
    load.push(loadEnd);
    rendered.push(getCall);
    await context.close();
  }
} finally {
  await browser.close();
}

const html = readFileSync(page);
const rows = [
  ['first contentful paint', paint],
  ['load event (loadEventEnd)', load],
  ['Get Call rendered', rendered],
].map(([name, samples]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  return {
    measure: name,
    'median ms': median.toFixed(0),
    'p95 ms': p95.toFixed(0),
    'ops/s (1/median)': (1000 / median).toFixed(2),
    'median / 1 s goal': (median / GOAL_MS).toFixed(2),
    'p95 / 1 s goal': (p95 / GOAL_MS).toFixed(2),
  };
});

console.log(`Docs page from disk: ${page}`);
console.log(
  `size ${(html.length / 1024).toFixed(0)} KiB (${(gzipSync(html).length / 1024).toFixed(0)} KiB gzipped), ${RUNS} cold runs, requests blocked: ${blocked}`,
);
console.table(rows);
const worst = Math.max(...rows.map((r) => Number(r['p95 ms'])));
console.log(worst < GOAL_MS ? `p95 under the ${GOAL_MS} ms goal.` : `p95 ${worst} ms is over the ${GOAL_MS} ms goal.`);
if (blocked > 0) {
  console.error(`The page tried ${blocked} request(s) off the machine; it must work offline.`);
  process.exit(1);
}
