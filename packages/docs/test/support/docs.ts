// Shared by the docs tests: where things are, and a headless Chromium that may talk to loopback
// only. Every other request is aborted and recorded, so a test can assert that the rendered docs
// need no network.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readBundledSpec, resolveRef } from '@chatplatform/spec';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { parse } from 'yaml';

// Typed loosely: the tests walk the documents freely, and their assertions check the shapes.
/** The published bundle. */
export const bundledSpec = () => readBundledSpec<any>();
/** `node` with its `$ref` (if any) resolved in `document`. */
export const deref = (document: object, node: unknown) => resolveRef<any>(document, node);

export const docsDir = fileURLToPath(new URL('../..', import.meta.url));
export const docsHtml = join(docsDir, 'dist/index.html');
export const docsUrl = pathToFileURL(docsHtml).href;
export const artifactsDir = join(docsDir, 'artifacts');

/** The spec as the docs render it: the published bundle with the code samples of this package. */
export function renderedSpec(): any {
  requireBuiltDocs();
  return parse(readFileSync(join(docsDir, 'dist/openapi.yaml'), 'utf8'));
}

/** ESM entry and declarations of @chatplatform/client, through its package exports. */
export function clientEntry(): { module: string; types: string } {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('@chatplatform/client/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const esm = manifest.exports['.'].import;
  const file = (relative: string) => {
    const path = join(manifestPath, '..', relative);
    if (!existsSync(path)) throw new Error(`${path} is missing: run \`pnpm build\` at the repository root first.`);
    return path;
  };
  return { module: file(esm.default), types: file(esm.types) };
}

/**
 * The definition Redoc renders, as the page gives it: the one the page embeds (every operation's
 * index entry) with each area's file (scripts/areas.mjs) merged in, as the page's loader does.
 */
export function pageDefinition(): any {
  const html = readFileSync(docsHtml, 'utf8');
  const embedded = /const __redoc_definition = (\{.*?\});\n/s.exec(html);
  if (!embedded) throw new Error(`${docsHtml} embeds no Redoc definition.`);
  const definition = JSON.parse(embedded[1]!);
  for (const file of readdirSync(join(docsDir, 'dist/areas'))) {
    const area = areaFile(join(docsDir, 'dist/areas', file));
    for (const [path, item] of Object.entries<object>(area.paths))
      definition.paths[path] = { ...definition.paths[path], ...item };
    for (const [kind, entries] of Object.entries<object>(area.components))
      definition.components[kind] = { ...definition.components[kind], ...entries };
  }
  return definition;
}

/** What an area's file hands the page: `window["chatplatformArea"] = {...};`. */
export function areaFile(file: string): { slug: string; paths: any; components: any; tryIt: any[] } {
  const assignment = /^window\["chatplatformArea"\] = (\{.*\});\n$/s.exec(readFileSync(file, 'utf8'));
  if (!assignment) throw new Error(`${file} is not an area file (window["chatplatformArea"] = {...};).`);
  return JSON.parse(assignment[1]!);
}

export function requireBuiltDocs(): void {
  if (!existsSync(docsHtml)) {
    throw new Error(
      `${docsHtml} is missing: run \`pnpm build\` at the repository root first (it runs the spec's docs task).`,
    );
  }
}

export interface DocsBrowser {
  context: BrowserContext;
  /** Every request to anything but file:, data:, blob: or loopback, aborted. Must stay empty. */
  blockedRequests: string[];
  /** console.error messages and uncaught page errors, from every page of the context. */
  consoleErrors: string[];
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function allowed(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'file:' || protocol === 'data:' || protocol === 'blob:' || LOOPBACK.has(hostname);
}

/** Where Redoc draws an operation: `#/<slug of its first tag>/<operationId>`. */
export function operationRoute(operation: { tags: string[]; operationId: string }): string {
  return `#/${operation.tags[0]!.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/${operation.operationId}`;
}

/** Opens the page's search, types `term` and gives its results once the first is shown. */
export async function openSearch(page: Page, term: string): Promise<Locator> {
  await page
    .getByText(/^Search/)
    .first()
    .click();
  await page.keyboard.type(term);
  const items = page.locator('[data-component-name="Search/SearchItem"]');
  await items.first().waitFor();
  return items;
}

/** Opens the page's search, types `term` and gives the text of each result once the first is shown. */
export async function searchSnippets(page: Page, term: string): Promise<string[]> {
  return (await openSearch(page, term)).allInnerTexts();
}

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * axe-core's violations on the page as it stands (its first three targets each), once the page's
 * aids (scripts/page-aids.js) have run over what Redoc last drew: they name, mark and style parts of it.
 * `within`: only the elements that selector matches.
 */
export async function axeViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ content: createRequire(import.meta.url)('axe-core').source as string });
  await page.locator('html[data-page-aids="done"]').waitFor({ state: 'attached' });
  return page.evaluate(async (within) => {
    const context = within ? { include: [[within]] } : document;
    const result = await (window as any).axe.run(context, { resultTypes: ['violations'] });
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')),
    }));
  }, within);
}

/** The critical and serious ones among axe-core's violations. */
export const blockingViolations = (violations: AxeViolation[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

/** How long a browser step (a load, a click, a wait for an element) may take before it fails. */
export const STEP_BOUND_MS = 60_000;

/** A fresh context of the run's Chromium (test/support/chromium-server.ts); non-loopback requests are aborted and counted. */
export async function launchDocsBrowser(): Promise<DocsBrowser> {
  const endpoint = inject('chromiumEndpoint');
  if (!endpoint) {
    throw new Error(
      'No Chromium for this test: browser tests belong in test/e2e/, whose project starts one (test/support/chromium-server.ts).',
    );
  }
  const browser = await chromium.connect(endpoint);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // A step that hangs fails with playwright's own message, before vitest's test timeout. A bound on
  // a hang, not a speed goal: with every package's tests started at once a page load took over 10 s.
  context.setDefaultTimeout(STEP_BOUND_MS);
  const blockedRequests: string[] = [];
  const consoleErrors: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (allowed(url)) return route.continue();
    blockedRequests.push(url);
    return route.abort('blockedbyclient');
  });
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);

  return {
    context,
    blockedRequests,
    consoleErrors,
    async newPage(viewport) {
      const page = context.pages().find((p) => p.url() === 'about:blank') ?? (await context.newPage());
      if (viewport) await page.setViewportSize(viewport);
      return page;
    },
    async close() {
      await context.close();
      await browser.close(); // disconnects; the run's Chromium stays up for the other files
    },
  };
}

export function artifactPath(name: string): string {
  mkdirSync(artifactsDir, { recursive: true });
  return join(artifactsDir, name);
}

/**
 * The built page without Redoc's script: what a reader sees before Redoc has run. Its file:// URL,
 * `index.html` in a folder of artifacts/ of its own, `name`, beside links to the build's route and
 * area files (it loads them relative to itself). A folder per caller: the test files that open it
 * run at once, and a shared copy was rewritten by one while another read it.
 */
export function scriptlessPage(name: string): string {
  const html = readFileSync(docsHtml, 'utf8');
  const redocScript = /<script type="module">[\s\S]*?<\/script>/;
  if (!redocScript.test(html)) throw new Error(`${docsHtml} has no Redoc module script to take out.`);
  const dir = artifactPath(name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  for (const folder of ['routes', 'areas']) symlinkSync(join(docsDir, 'dist', folder), join(dir, folder));
  const file = join(dir, 'index.html');
  writeFileSync(file, html.replace(redocScript, ''));
  return pathToFileURL(file).href;
}

/** Runs scripts/start.mjs (`pnpm start` without the build); `ready` gives the docs and mock addresses. */
export function startDocsServer(args: string[] = []) {
  const script = join(docsDir, 'scripts/start.mjs');
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const ready = new Promise<{ docs: string; mock: string }>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const docs = /^Docs\s+(http:\/\/127\.0\.0\.1:\d+\/)/m.exec(stdout)?.[1];
      const mock = /^Mock\s+(http:\/\/127\.0\.0\.1:\d+)/m.exec(stdout)?.[1];
      if (docs && mock && stdout.includes('Ctrl-C')) resolve({ docs, mock });
    });
    child.once('exit', (code) =>
      reject(new Error(`start.mjs exited (${code}) before it was ready:\n${stdout}\n${stderr}`)),
    );
  });
  ready.catch(() => undefined); // awaited only by the tests that expect a start
  return { child, ready, output: () => ({ stdout, stderr }) };
}
