// The rendered docs (packages/docs/dist/index.html) in headless Chromium, opened from disk with every
// non-loopback request blocked: a reader finds Get Call, its server, its examples, its response
// fields and its code samples, with no network, no console error and no serious accessibility issue.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  artifactPath,
  deref,
  docsUrl,
  launchDocsBrowser,
  renderedSpec,
  requireBuiltDocs,
  type DocsBrowser,
} from './support.js';

const require = createRequire(import.meta.url);
const spec = renderedSpec();
const callsPath = spec.paths['/calls/{sessionId}'];
const getCall = callsPath.get;
const callsServer = callsPath.servers[0];
const participantFields = Object.keys(deref(spec, spec.components.schemas.CallParticipant).properties);
const sampleLabels: string[] = getCall['x-codeSamples'].map((s: { label: string }) => s.label);

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let docs: DocsBrowser;
beforeAll(async () => {
  requireBuiltDocs();
  docs = await launchDocsBrowser();
});
afterAll(async () => {
  await docs?.close();
});

async function open(hash = '', viewport = DESKTOP): Promise<Page> {
  const page = await docs.newPage(viewport);
  await page.goto(`${docsUrl}${hash}`);
  // The page is prerendered; clicks only work once React has hydrated it. The sidebar's footer logo
  // is rendered by an effect, so it appears exactly then (on every width, hidden or not).
  await page.locator('img[alt="redocly logo"]').first().waitFor({ state: 'attached' });
  return page;
}

// Headings carry a "link to ..." anchor in their accessible name; match the visible text.
const getCallHeading = (page: Page) => page.locator('h1, h2').filter({ hasText: new RegExp(`^${getCall.summary}$`) }).first();

describe('the docs page, opened from disk', () => {
  it('renders Get Call, the Calls server with its region choice, and the 200 example', async () => {
    const page = await open('#/calls/get-call');
    await expect(getCallHeading(page).isVisible()).resolves.toBe(true);

    // The server picker of the request panel offers the Calls server, variables at their defaults.
    const defaults = Object.fromEntries(Object.entries<any>(callsServer.variables).map(([k, v]) => [k, v.default]));
    const callsUrl = callsServer.url.replace(/\{(\w+)\}/g, (_: string, k: string) => defaults[k]);
    await page.locator('.panel-request-samples [data-component-name="Dropdown/Dropdown"]').first().click();
    await expect(page.getByRole('menu').first().innerText()).resolves.toContain(`${callsUrl}/calls/{sessionId}`);
    await page.keyboard.press('Escape');

    // The Calls section offers the region choice: the Calls address for every value of the region enum.
    const text = await page.locator('body').innerText();
    for (const region of callsServer.variables.region.enum) {
      const address = callsServer.url.replace(/\{(\w+)\}/g, (whole: string, k: string) =>
        k === 'region' ? region : k === 'appId' ? whole : defaults[k],
      );
      expect(text, `the Calls address for region ${region}`).toContain(address);
    }

    // The 200 example: the observed call, by its summary and its session.
    const initiated = deref(spec, getCall.responses['200'].content['application/json'].examples.initiated);
    const samples = page.locator('.panel-response-samples').first();
    await expect(samples.innerText()).resolves.toContain(initiated.summary);
    await samples.getByRole('button', { name: 'Expand all' }).click(); // the JSON viewer opens collapsed
    await expect(samples.innerText()).resolves.toContain(initiated.value.data[0].sessionId);

    await page.screenshot({ path: artifactPath('docs-get-call-desktop.png'), fullPage: false });
    await page.close();
  });

  it('finds Get Call through the sidebar', async () => {
    const page = await open();
    const menu = page.locator('[data-component-name="Menu/Menu"]').first();
    await menu.getByText('Calls', { exact: true }).click();
    await menu.getByText(getCall.summary, { exact: true }).click();
    await getCallHeading(page).waitFor();
    expect(page.url()).toContain('get-call');
    await page.close();
  });

  it('finds Get Call through search', async () => {
    const page = await open();
    await page.getByText(/^Search/).first().click();
    await page.keyboard.type(getCall.summary);
    const hit = page.locator('[data-component-name="Search/SearchItem"]').filter({ hasText: '/calls/{sessionId}' }).first();
    await hit.click();
    await getCallHeading(page).waitFor();
    expect(page.url()).toContain('get-call');
    await page.close();
  });

  it('expands the 200 response down to the participant fields', async () => {
    const page = await open('#/calls/get-call');
    // Sections render when scrolled near: go to the responses, show the call record's properties,
    // then expand every nested level.
    await getCallHeading(page).waitFor();
    await page.locator('h4', { hasText: /^Responses$/ }).first().scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: /^\+?\s*Show \d+ properties$/ }).first().click();
    await page.getByRole('button', { name: 'Expand all' }).first().click();
    const response = '[id^="calls/get-call/t=response&c=200"]';
    await page.locator(`${response}[id$="/participants"]`).first().scrollIntoViewIfNeeded();
    for (const field of participantFields) {
      const row = page.locator(`${response}[id$="/participants[]/${field.toLowerCase()}"]`).first();
      await row.scrollIntoViewIfNeeded();
      await expect(row.innerText(), field).resolves.toContain(field);
    }
    // The state enum, every value with its meaning, as the spec gives them.
    const state = await page.locator(`${response}[id$="/participants[]/state"]`).first().innerText();
    for (const value of deref(spec, spec.components.schemas.ParticipantState).enum) expect(state).toContain(value);
    expect(state).toMatch(/unanswered\s+the participant did not answer/);
    await page.close();
  });

  it('shows every code sample of Get Call', async () => {
    const page = await open('#/calls/get-call');
    const panel = page.locator('.panel-request-samples');
    for (const { label, source } of getCall['x-codeSamples'] as { label: string; source: string }[]) {
      const picker = panel.locator('[data-component-name="Dropdown/Dropdown"]').last();
      await picker.click();
      await page.getByRole('menuitem').filter({ hasText: new RegExp(`^${label}$`) }).click();
      const code = await panel.locator('[data-component-name="CodeBlock/CodeBlock"]').innerText();
      // First line of the sample, whitespace-normalised (the code block wraps and highlights).
      const firstLine = source.split('\n')[0]!.replace(/\s+/g, ' ');
      expect(code.replace(/\s+/g, ' '), label).toContain(firstLine);
    }
    expect(sampleLabels).toEqual(['curl', 'TypeScript', 'Python']);
    await page.close();
  });

  it('works at phone width', async () => {
    const page = await open('#/calls/get-call', PHONE);
    await getCallHeading(page).waitFor();
    const box = await getCallHeading(page).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: artifactPath('docs-get-call-phone.png'), fullPage: false });
    await page.close();
  });

  it('has no serious or critical accessibility violations (axe-core)', async () => {
    const axeSource = require('axe-core').source as string;
    // The overview and every operation's page (Redoc routes them as #/<tag slug>/<operationId>).
    const operationPages = Object.values<any>(spec.paths).flatMap((item) =>
      ['get', 'put', 'post', 'delete', 'patch']
        .filter((m) => item[m])
        .map((m) => `#/${item[m].tags[0].toLowerCase().replace(/[^a-z0-9]+/g, '-')}/${item[m].operationId}`),
    );
    for (const hash of ['', ...operationPages]) {
      const page = await open(hash);
      if (hash) await page.locator('.panel-request-samples').first().waitFor(); // the operation is shown
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
        return result.violations.map((v: any) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')) }));
      });
      const blocking = violations.filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical');
      expect(blocking, `page ${hash || '(overview)'}`).toEqual([]);
      await page.close();
    }
  }, 120_000); // axe-core on six pages of a 2.5 MB Redoc page: a bound on a hang, not a speed goal

  it('sent no request beyond loopback and logged no console error', () => {
    expect(docs.blockedRequests).toEqual([]);
    expect(docs.consoleErrors).toEqual([]);
  });
});
