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
import { runCurlSample, runPythonSample, type SampleRun } from './sample-runners.js';
import { sdkRunners } from './sdk-sample-runners.js';
import {
  artifactsDir,
  type DocsBrowser,
  deref,
  docsUrl,
  launchDocsBrowser,
  renderedSpec,
  requireBuiltDocs,
  startDocsServer,
} from './support.js';

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

/** Each of Get Call's samples as the page shows it, picked in the samples' language menu. */
async function shownSamples(page: Page): Promise<Record<string, string>> {
  const panel = page.locator('.panel-request-samples').first();
  const shown: Record<string, string> = {};
  for (const label of labels) {
    await panel.locator('[data-component-name="Dropdown/Dropdown"]').last().click();
    await page
      .getByRole('menuitem')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .click();
    await page.waitForTimeout(100); // the observer rewrites on the next frame
    shown[label] = await panel.locator('pre').first().innerText();
  }
  return shown;
}

describe('region and app id, from the file', () => {
  it("are offered with the spec's regions, remembered across loads, and every sample and address follows them", async () => {
    const page = await open(`${docsUrl}#/calls/get-call`);
    const options = await page.locator('.reader-settings select[name=region] option').allInnerTexts();
    expect(options).toEqual(defaults.region.enum);
    await choose(page, () => page.selectOption('.reader-settings select[name=region]', 'eu').then(() => undefined));
    await choose(page, async () => {
      await page.fill('.reader-settings input[name=appId]', 'my-app');
      await page.press('.reader-settings input[name=appId]', 'Enter');
      await page.locator('.reader-settings input[name=appId]').blur();
    });
    await page.close();

    const fresh = await open(`${docsUrl}#/calls/get-call`); // a new load: the settings are remembered
    await expect(fresh.locator('.reader-settings input[name=appId]').inputValue()).resolves.toBe('my-app');
    const samples = await shownSamples(fresh);
    expect(samples.curl).toContain("'https://my-app.call-eu.");
    expect(samples.Python).toContain('host="https://my-app.call-eu.');
    expect(samples.TypeScript).toContain("appId: 'my-app'");
    expect(samples.TypeScript).toContain("region: 'eu'");
    for (const label of Object.keys(sdkRunners)) expect(samples[label], label).toContain('"https://my-app.call-eu.');
    const text = await fresh.locator('#redoc').innerText();
    expect(text).not.toContain(`${defaults.appId.default}.call-${defaults.region.default}.`);
    await fresh.evaluate(() => localStorage.clear());
    await fresh.close();
  }, 120_000); // two reloads of a 2.5 MB page: a bound on a hang, not a speed goal
});

describe('"the mock" on pnpm start\'s page', () => {
  let shown: Record<string, string>;
  let mockUrl: string;
  beforeAll(async () => {
    const { docs: docsServer, mock } = await server.ready;
    mockUrl = mock;
    const page = await open(`${docsServer}#/calls/get-call`);
    await expect(page.locator('.reader-settings select[name=target] option').allInnerTexts()).resolves.toContain(
      `the mock (${mock})`,
    );
    await choose(page, () => page.selectOption('.reader-settings select[name=target]', 'mock').then(() => undefined));
    shown = await shownSamples(page);
    await page.close();
  }, 120_000); // two reloads of a 2.5 MB page: a bound on a hang, not a speed goal

  it('curl, copied from the page, runs unchanged against the mock', async () => {
    const result = await runCurlSample(shown.curl!, mockUrl, mockUrl, credentials);
    expect(result.httpStatus, result.stderr).toBe(200);
  });

  it('Python, copied from the page, runs unchanged against the mock', async () => {
    const result = await runPythonSample('copied-get-call', shown.Python!, mockUrl, mockUrl, credentials);
    expect(result.status, result.stderr).toBe(0);
  });

  it.each(Object.keys(sdkRunners))(
    '%s, copied from the page, compiles and runs unchanged against the mock',
    async (label) => {
      expect(shown[label]).toContain(`"${mockUrl}/v3"`);
      const compiled = await sdkRunners[label]!({ 'get-call': shown[label]! });
      const result = await compiled.run('get-call', credentials);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain(observedSessionId());
    },
    300_000,
  ); // a compile: a bound on a hang, not a speed goal

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
