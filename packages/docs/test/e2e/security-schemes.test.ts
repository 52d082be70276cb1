// The page names each API-key security scheme by the header a request sends ("apikey header"),
// never by its key in the spec ("apiKey"): in every operation's Security box (hydrated and
// prerendered), its details dialog and the search (scripts/reading/schemes-by-header.js). The code
// samples still use the published keys, which the generated clients name their settings after.
import { operationsOf } from '@chatplatform/spec';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundledSpec,
  type DocsBrowser,
  docsUrl,
  launchDocsBrowser,
  operationRoute,
  pageDefinition,
  renderedSpec,
  requireBuiltDocs,
  scriptlessPage,
  searchSnippets,
} from '../support/docs.js';

const published = bundledSpec();
const rendered = renderedSpec();
const schemes: Record<string, { name: string; in: string }> = published.components.securitySchemes;
/** The published keys a reader could take for a header name: each differs from its scheme's header. */
const misleadingKeys = Object.keys(schemes).filter((key) => key !== schemes[key]!.name);
const operations = operationsOf(published).map(({ path, method, operation }) => {
  const requirement = (operation.security ?? published.security)[0] as Record<string, string[]>;
  return {
    path,
    method,
    operation,
    route: operationRoute(operation),
    keys: Object.keys(requirement),
    headers: Object.keys(requirement).map((key) => `${schemes[key]!.name} header`),
  };
});
/** The first Security box in `within` (the page by default). */
const securityPanel = (page: Page, within: Page | Locator = page) =>
  within
    .locator('[data-component-name="Panel/Panel"]', {
      has: page.getByRole('button', { name: 'View security details' }),
    })
    .first();

let docs: DocsBrowser;
let scriptless: string;
beforeAll(async () => {
  requireBuiltDocs();
  expect(misleadingKeys).toContain('apiKey'); // the case the page got wrong
  scriptless = scriptlessPage('security-without-redoc-script');
  docs = await launchDocsBrowser();
});
afterAll(async () => {
  await docs?.close();
});

describe("each operation's Security box", () => {
  it.each(operations.map((op) => [op.operation.operationId, op] as const))(
    '%s names the headers, hydrated and prerendered',
    async (_, op) => {
      const page = await docs.newPage({ width: 1400, height: 900 });
      for (const url of [`${docsUrl}${op.route}`, `${scriptless}${op.route}`]) {
        await page.goto('about:blank');
        await page.goto(url);
        // The box in the operation's own section (an area's page draws all its operations), read once
        // drawn (Redoc's hydration redraws it), not at whatever moment the load ends.
        const section = page.locator(`[data-section-id="${op.route.slice(1)}"]`);
        const body = securityPanel(page, section)
          .locator('[data-testid="panel-body"]')
          .filter({ hasText: op.headers[0] });
        await body.waitFor();
        const box = await body.innerText();
        for (const header of op.headers) expect(box, url).toContain(header);
        for (const key of misleadingKeys) expect(box, url).not.toMatch(new RegExp(`\\b${key}\\b`));
      }
      await page.close();
    },
  );

  it("opens a dialog that names the scheme by its header and the header's own name", async () => {
    const getCall = operations.find((op) => op.operation.operationId === 'get-call')!;
    const page = await docs.newPage({ width: 1400, height: 900 });
    await page.goto(`${docsUrl}${getCall.route}`);
    await securityPanel(page).getByRole('button', { name: 'View security details' }).click();
    const dialog = page.locator('body > *', { hasText: /parameter name:/i }).last();
    const text = await dialog.innerText();
    // "Security", then the scheme's name as the dialog's heading, then its description.
    const [title, name] = text.split('\n').filter((line) => line.trim());
    expect([title, name]).toEqual(['Security', getCall.headers[0]]);
    expect(text).toMatch(new RegExp(`parameter name:\\s*${schemes[getCall.keys[0]!]!.name}\\b`, 'i'));
    for (const key of misleadingKeys) expect(text).not.toMatch(new RegExp(`\\b${key}\\b`));
    await page.close();
  });
});

describe('the search', () => {
  it('lists the security of an operation under the header names', async () => {
    const page = await docs.newPage({ width: 1400, height: 900 });
    await page.goto(docsUrl);
    const named = (await searchSnippets(page, 'scopes')).flatMap((text) =>
      [...text.matchAll(/security → (.+)/g)].map((match) => match[1]!.trim()),
    );
    expect(named.length).toBeGreaterThan(0);
    const shown = new Set(operations.flatMap((op) => op.headers));
    for (const name of named) expect(shown, name).toContain(name);
    await page.close();
  });
});

describe("the docs' copy of the spec", () => {
  it('keys the schemes by header, while the code samples keep the published keys', () => {
    expect(Object.keys(rendered.components.securitySchemes).sort()).toEqual(
      [...new Set(operations.flatMap((op) => op.headers))].sort(),
    );
    const getCall = rendered.paths['/calls/{sessionId}'].get;
    const python = getCall['x-codeSamples'].find((s: { lang: string }) => s.lang === 'Python').source;
    expect(python).toContain(`["${misleadingKeys.find((key) => key === 'apiKey')}"]`);
    expect(python).not.toContain('header"]');
  });

  it('is what the page renders: its samples are the same, not decorated a second time', () => {
    const onPage = pageDefinition();
    for (const { path, method } of operations) {
      expect(onPage.paths[path][method]['x-codeSamples'], `${method} ${path}`).toEqual(
        rendered.paths[path][method]['x-codeSamples'],
      );
    }
    expect(onPage.components.securitySchemes).toEqual(rendered.components.securitySchemes);
  });
});
