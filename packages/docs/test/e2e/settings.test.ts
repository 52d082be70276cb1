// The reader's settings bar (scripts/reader-settings.js): region and app id picked once and
// remembered, every address and sample on the page follows them; with "the mock" picked on
// `pnpm start`'s page, the samples copied from the page run unchanged against that mock.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  artifactsDir,
  type DocsBrowser,
  deref,
  docsUrl,
  launchDocsBrowser,
  operationRoute,
  renderedSpec,
  requireBuiltDocs,
  startDocsServer,
} from '../support/docs.js';
import {
  runCurlSample,
  runPythonSample,
  runTypeScriptSampleAt,
  type SampleRun,
  typecheckTypeScriptSamples,
} from '../support/sample-runners.js';
import { type CompiledSamples, sdkRunners } from '../support/sdk-sample-runners.js';

const spec = renderedSpec();
const getCall = spec.paths['/calls/{sessionId}'].get;
const labels: string[] = getCall['x-codeSamples'].map((s: { label: string }) => s.label);
const defaults = spec.servers[0].variables;
const credentials = { CHATPLATFORM_API_KEY: 'docs-test-api-key' };
/** The session id of the record the mock answers Get Call with (its first 200 example). */
const observedSessionId = (): string => {
  const examples = getCall.responses['200'].content['application/json'].examples;
  return deref(spec, Object.values<any>(examples)[0]).value.data[0].sessionId;
};

let docs: DocsBrowser;
let server: ReturnType<typeof startDocsServer>;
beforeAll(async () => {
  requireBuiltDocs();
  docs = await launchDocsBrowser();
  server = startDocsServer();
});
afterAll(async () => {
  await docs?.close();
  if (server?.child.exitCode === null) server.child.kill('SIGINT');
});

async function open(url: string): Promise<Page> {
  const page = await docs.newPage({ width: 1400, height: 900 });
  await page.goto(url);
  await page.locator('img[alt="redocly logo"]').first().waitFor({ state: 'attached' });
  return page;
}

/** Changing a setting reloads the page; wait until it is hydrated again. */
async function choose(page: Page, change: () => Promise<void>): Promise<void> {
  await Promise.all([page.waitForEvent('load'), change()]);
  await page.locator('img[alt="redocly logo"]').first().waitFor({ state: 'attached' });
}

interface Shown {
  /** What the sample's code block shows. */
  shown: string;
  /** What its Copy button put on the clipboard. */
  copied: string;
}

/** Presses `button` and reads what it put on the clipboard (Redoc copies through execCommand('copy')). */
async function copiedBy(page: Page, button: ReturnType<Page['locator']>): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText('(nothing copied)'));
  await button.click();
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Resolves once the page's settings script has rewritten what Redoc last drew (it says so on <html>). */
const rewritten = (page: Page) => page.locator('html[data-reader-settings="done"]').waitFor({ state: 'attached' });

/** Resolves after the page has drawn `count` more frames (its observer runs once a frame). */
function frames(page: Page, count: number): Promise<void> {
  return page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const next = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
        next(n);
      }),
    count,
  );
}

const getCallSection = `[data-section-id="${operationRoute(getCall).slice(1)}"]`;
/** Get Call's request samples: its area's page draws every operation of the area, each with its own. */
const getCallSamples = (page: Page) => page.locator(`${getCallSection} .panel-request-samples`);

/**
 * Resolves once the page has scrolled to Get Call, as Redoc does after it hydrates: a menu opened
 * before that opens where the layout is still moving, and its items can end outside the viewport.
 */
const landedOnGetCall = (page: Page) =>
  page.waitForFunction((selector) => {
    const top = document.querySelector(selector)?.getBoundingClientRect().top;
    return top !== undefined && Math.abs(top) < 100;
  }, getCallSection);

/**
 * Shows Get Call's sample in `label`'s language. The item is chosen by a click event sent to it, not
 * by a click at its place on the screen: Redoc draws the menu where the dropdown is, and beside a
 * loaded machine's other tests a late layout shift has left an item outside the viewport, where no
 * click lands (a reader's clicks on the menu are the browser test's, test/e2e/browser.test.ts).
 */
async function chooseLanguage(page: Page, label: string): Promise<void> {
  await getCallSamples(page).locator('[data-component-name="Dropdown/Dropdown"]').last().click();
  await page
    .getByRole('menuitem')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .dispatchEvent('click');
  await rewritten(page);
}

/** Each of Get Call's samples as the page shows it and as its Copy button copies it, in every language. */
async function shownSamples(page: Page): Promise<Record<string, Shown>> {
  const panel = getCallSamples(page);
  await landedOnGetCall(page);
  const samples: Record<string, Shown> = {};
  for (const label of labels) {
    await chooseLanguage(page, label);
    const code = panel.locator('[data-component-name="CodeBlock/CodeBlock"]').first();
    const shown = await code.locator('pre').innerText();
    samples[label] = { shown, copied: await copiedBy(page, code.getByRole('button', { name: 'Copy' })) };
  }
  return samples;
}

/** Every code block of the guide (Getting started's), as shown and as its Copy button copies it. */
async function guideBlocks(page: Page): Promise<Shown[]> {
  await page.goto(`${page.url().split('#')[0]}#/section/getting-started`);
  const blocks = page.locator('[data-component-name="Markdown/Markdown"] pre');
  await blocks.first().waitFor();
  const found: Shown[] = [];
  for (const block of await blocks.all()) {
    const button = block.locator('xpath=preceding-sibling::button[1]');
    found.push({ shown: await block.innerText(), copied: await copiedBy(page, button) });
  }
  return found;
}

const same = (samples: Record<string, Shown> | Shown[]) =>
  Object.entries(samples).filter(([, { shown, copied }]) => shown !== copied);

describe('the default settings, from the file', () => {
  it('show and copy each sample exactly as the spec has it, the one the sample tests run', async () => {
    const page = await open(`${docsUrl}#/calls/get-call`);
    const samples = await shownSamples(page);
    expect(same(samples), 'copied differs from shown').toEqual([]);
    for (const { label, source } of getCall['x-codeSamples'] as { label: string; source: string }[])
      expect(samples[label]!.copied.trimEnd(), label).toBe(source.trimEnd());
    await page.close();
  });
});

/** Get Call's samples as copied with region `eu` and app `my-app` chosen, by label. */
let copied: Record<string, string>;
/** Get Call's samples as copied from `pnpm start`'s page with "the mock" picked, by label. */
let shown: Record<string, string>;

describe('region and app id, from the file', () => {
  /** What a reader sees once they chose region `eu` and app `my-app`, on the page loaded again after. */
  let chosen: {
    regions: string[];
    appId: string;
    samples: Record<string, Shown>;
    serverCopy: string;
    text: string;
    guide: Shown[];
  };
  beforeAll(async () => {
    const page = await open(`${docsUrl}#/calls/get-call`);
    const regions = await page.locator('.reader-settings select[name=region] option').allInnerTexts();
    await choose(page, () => page.selectOption('.reader-settings select[name=region]', 'eu').then(() => undefined));
    await choose(page, async () => {
      await page.fill('.reader-settings input[name=appId]', 'my-app');
      await page.press('.reader-settings input[name=appId]', 'Enter');
      await page.locator('.reader-settings input[name=appId]').blur();
    });
    await page.close();

    const fresh = await open(`${docsUrl}#/calls/get-call`); // a new load: the settings are remembered
    try {
      const appId = await fresh.locator('.reader-settings input[name=appId]').inputValue();
      const samples = await shownSamples(fresh);
      // The server menu's Copy, on the item of the chosen address.
      await getCallSamples(fresh).locator('[data-component-name="Dropdown/Dropdown"]').first().click();
      const serverItem = fresh.getByRole('menuitem').filter({ hasText: 'my-app.call-eu.' }).first();
      const serverCopy = await copiedBy(fresh, serverItem.getByRole('button', { name: 'Copy' }));
      // Closed before the page's text is read (Escape does not close Redoc's dropdown).
      await getCallSamples(fresh).locator('[data-component-name="Dropdown/Dropdown"]').first().click();
      await fresh.getByRole('menu').first().waitFor({ state: 'detached' });
      const text = await fresh.locator('#redoc').innerText();
      chosen = { regions, appId, samples, serverCopy, text, guide: await guideBlocks(fresh) };
      copied = Object.fromEntries(Object.entries(samples).map(([label, s]) => [label, s.copied]));
    } finally {
      await fresh.evaluate(() => localStorage.clear());
      await fresh.close();
    }
  }, 120_000); // two reloads of a 2.5 MB page: a bound on a hang, not a speed goal

  it("are offered with the spec's regions, remembered across loads, and every sample and address follows them", () => {
    expect(chosen.regions).toEqual(defaults.region.enum);
    expect(chosen.appId).toBe('my-app');
    expect(same(chosen.samples), 'copied differs from shown').toEqual([]);
    expect(copied.curl).toContain("'https://my-app.call-eu.");
    expect(copied.Python).toContain('host="https://my-app.call-eu.');
    expect(copied.TypeScript).toContain("appId: 'my-app'");
    expect(copied.TypeScript).toContain("region: 'eu'");
    for (const label of Object.keys(sdkRunners)) expect(copied[label], label).toContain('"https://my-app.call-eu.');
    expect(typecheckTypeScriptSamples({ 'eu-get-call': copied.TypeScript! })).toEqual([]);
    // The server menu's Copy gives the address the menu shows.
    expect(chosen.serverCopy).toContain('https://my-app.call-eu.');
    expect(chosen.text).not.toContain(`${defaults.appId.default}.call-${defaults.region.default}.`);
    expect(chosen.guide.length).toBeGreaterThan(1);
    expect(same(chosen.guide), "a guide block's Copy").toEqual([]);
    expect(chosen.guide.map((b) => b.copied).join('\n')).toContain('https://my-app.call-eu.');
  });

  // What a reader in another region copies runs: each sample as copied, its server's origin (the
  // chosen app and region) swapped for the mock's; the TypeScript client builds its own address
  // from the app and region it is given, and only a request to that origin reaches the mock.
  // The SDK languages' copies compile once for both settings, at the end of the file.
  const scripted = labels.filter((label) => !(label in sdkRunners));
  describe.each(scripted)('%s, copied with region eu and app my-app, runs against the mock', (label) => {
    it('as copied', async () => {
      const { mock } = await server.ready;
      const origin = new URL(chosenCallsUrl).origin;
      const source = copied[label]!;
      if (label !== 'TypeScript') expect(source, `${label} addresses the chosen app and region`).toContain(origin);
      const result = await runCopied(label, source, origin, mock);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain(label === 'TypeScript' ? 'sessionId' : observedSessionId());
    }, 120_000); // a bound on a hang, not a speed goal
  });
});

/** Get Call's server with app `my-app` and region `eu`, the rest at its defaults. */
const chosenCallsUrl = (() => {
  const server = spec.paths['/calls/{sessionId}'].servers[0];
  const values: Record<string, string> = { appId: 'my-app', region: 'eu' };
  return server.url.replace(/\{(\w+)\}/g, (_: string, name: string) => values[name] ?? server.variables[name].default);
})();

/** Runs a copied curl, TypeScript or Python sample of Get Call; its requests to `origin` go to the mock at `mock`. */
async function runCopied(label: string, source: string, origin: string, mock: string): Promise<SampleRun> {
  if (label === 'curl') return runCurlSample(source, origin, mock, credentials);
  if (label === 'TypeScript')
    return runTypeScriptSampleAt('eu-get-call', source, { origin, mockUrl: mock }, credentials);
  if (label === 'Python') return runPythonSample('eu-get-call', source, origin, mock, credentials);
  throw new Error(`no script runner for the ${label} sample`);
}

describe('"the mock" on pnpm start\'s page', () => {
  let samples: Record<string, Shown>;
  let guide: Shown[];
  let mockUrl: string;
  let settled: { before: string; after: string };
  beforeAll(async () => {
    const { docs: docsServer, mock } = await server.ready;
    mockUrl = mock;
    const page = await open(`${docsServer}#/calls/get-call`);
    await expect(page.locator('.reader-settings select[name=target] option').allInnerTexts()).resolves.toContain(
      `the mock (${mock})`,
    );
    // The mock is the default there (Getting started's first call goes to it).
    await expect(page.locator('.reader-settings select[name=target]').inputValue()).resolves.toBe('mock');
    samples = await shownSamples(page);
    // What a reader runs is what they copied; the tests below run that.
    shown = Object.fromEntries(Object.entries(samples).map(([label, s]) => [label, s.copied]));
    const typescript = getCallSamples(page).locator('pre').first(); // TypeScript was not the last shown
    await chooseLanguage(page, 'TypeScript');
    const before = await typescript.innerText();
    await frames(page, 30); // a page that rewrites its own output grows on every one of these frames
    settled = { before, after: await typescript.innerText() };
    guide = await guideBlocks(page);
    await page.close();
  }, 120_000); // two reloads of a 2.5 MB page: a bound on a hang, not a speed goal

  it("every sample's Copy, and every Getting started block's, copies exactly what the page shows", () => {
    expect(same(samples), 'copied differs from shown').toEqual([]);
    expect(same(guide), "a guide block's Copy").toEqual([]);
    expect(guide.map((b) => b.copied).join('\n')).toContain(mockUrl);
  });

  it('shows the TypeScript sample once rewritten: one baseUrl line, no growth, and it type-checks', () => {
    expect(settled.after).toBe(settled.before);
    expect(settled.after.match(/baseUrl:/g)).toHaveLength(1);
    expect(typecheckTypeScriptSamples({ 'mock-get-call': shown.TypeScript! })).toEqual([]);
  });

  it('curl, copied from the page, runs unchanged against the mock', async () => {
    const result = await runCurlSample(shown.curl!, mockUrl, mockUrl, credentials);
    expect(result.httpStatus, result.stderr).toBe(200);
  });

  it('Python, copied from the page, runs unchanged against the mock', async () => {
    const result = await runPythonSample('copied-get-call', shown.Python!, mockUrl, mockUrl, credentials);
    expect(result.status, result.stderr).toBe(0);
  });

  it('TypeScript, copied from the page, runs unchanged against the mock', async () => {
    const result = await runTypeScriptAsShown(shown.TypeScript!);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('sessionId');
  });
});

/** The TypeScript sample, transpiled only (no edit), run by node from this package so its import resolves. */
async function runTypeScriptAsShown(source: string): Promise<SampleRun> {
  const dir = join(artifactsDir, 'copied-samples');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'get-call.mjs');
  writeFileSync(
    file,
    ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } })
      .outputText,
  );
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [file], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...credentials },
      timeout: 20_000,
    });
    return { status: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string; message: string };
    return { status: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? e.message };
  }
}

// Each SDK language's two copies (region eu and app my-app; "the mock" on pnpm start's page),
// compiled together: one toolchain start per language.
describe.each(Object.keys(sdkRunners))('%s, as copied in either setting', (label) => {
  let compiled: CompiledSamples;
  let mockUrl: string;
  beforeAll(async () => {
    mockUrl = (await server.ready).mock;
    const euOrigin = new URL(chosenCallsUrl).origin;
    expect(copied[label], `${label} addresses the chosen app and region`).toContain(euOrigin);
    expect(shown[label]).toContain(`"${mockUrl}/v3"`);
    compiled = await sdkRunners[label]!({
      'eu-get-call': copied[label]!.replaceAll(euOrigin, mockUrl),
      'mock-get-call': shown[label]!,
    });
  }, 300_000); // a compile: a bound on a hang, not a speed goal
  afterAll(() => compiled?.close());

  it.each([
    ['eu-get-call', 'copied with region eu and app my-app (its origin swapped for the mock), runs against the mock'],
    ['mock-get-call', "copied from pnpm start's page, runs unchanged against the mock"],
  ])('%s: %s', async (name) => {
    const result = await compiled.run(name, credentials);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(observedSessionId());
  });
});
