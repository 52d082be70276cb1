// Every operation's page is in dist/index.html as HTML (scripts/prerender-routes.mjs): a reader who
// opens an operation's address sees it before Redoc's script has run. Proven with that script taken
// out of the page: what is left must show the operation, styled, in the viewport.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { HTTP_METHODS } from '@chatplatform/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  artifactPath,
  type DocsBrowser,
  deref,
  docsHtml,
  launchDocsBrowser,
  operationRoute,
  renderedSpec,
  requireBuiltDocs,
} from './support.js';

const spec = renderedSpec();
const operations = Object.values<any>(spec.paths).flatMap((item) =>
  HTTP_METHODS.filter((m) => item[m]).map((m) => item[m]),
);
const getCall = spec.paths['/calls/{sessionId}'].get;
const participantFields = Object.keys(deref(spec, spec.components.schemas.CallParticipant).properties);

let docs: DocsBrowser;
let scriptless: string;
beforeAll(async () => {
  requireBuiltDocs();
  const html = readFileSync(docsHtml, 'utf8');
  const redocScript = /<script type="module">[\s\S]*?<\/script>/;
  expect(html).toMatch(redocScript);
  const file = artifactPath('without-redoc-script.html');
  writeFileSync(file, html.replace(redocScript, ''));
  scriptless = pathToFileURL(file).href;
  docs = await launchDocsBrowser();
});
afterAll(async () => {
  await docs?.close();
});

describe('prerendered operation pages', () => {
  it("show Get Call, its samples and its 200 response fields without Redoc's script", async () => {
    const page = await docs.newPage({ width: 1400, height: 900 });
    await page.goto(`${scriptless}#/calls/get-call`);
    const heading = page.locator('main h1, main h2', { hasText: new RegExp(`^${getCall.summary}$`) }).first();
    const box = await heading.boundingBox();
    expect(box, 'Get Call heading laid out').not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(900); // in the viewport, as Redoc shows it
    const text = await page.locator('main').innerText();
    for (const field of participantFields) expect(text, field).toContain(field);
    // Styled: the samples panel sits beside the description (three-panel layout), not below it.
    const samples = await page.locator('.panel-request-samples').first().boundingBox();
    expect(samples!.x).toBeGreaterThan(box!.x + 300);
    await page.close();
  });

  it('exist for every operation of the spec, and the overview stays as Redoc prerendered it', async () => {
    const page = await docs.newPage({ width: 1400, height: 900 });
    for (const operation of operations) {
      await page.goto('about:blank');
      await page.goto(`${scriptless}${operationRoute(operation)}`);
      const headings = await page.locator('main h1, main h2').allInnerTexts();
      expect(
        headings.map((h) => h.trim()),
        operation.operationId,
      ).toContain(operation.summary);
    }
    await page.goto('about:blank');
    await page.goto(scriptless);
    await expect(page.locator('main h1').first().innerText()).resolves.toContain(spec.info.title);
    await page.close();
  });
});
