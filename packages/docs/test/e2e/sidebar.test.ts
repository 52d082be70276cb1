// The sidebar marks one item, the one of the route the address names (or none), whatever the
// reader does: opens an address (before Redoc's script has run, the prerendered operation page is
// shown beside the prerendered sidebar; after it, Redoc's) or clicks an item.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsBrowser, docsUrl, launchDocsBrowser, requireBuiltDocs, scriptlessPage } from '../support/docs.js';

let docs: DocsBrowser;
let scriptless: string;
beforeAll(async () => {
  requireBuiltDocs();
  scriptless = scriptlessPage('sidebar-without-redoc-script');
  docs = await launchDocsBrowser();
});
afterAll(async () => {
  await docs?.close();
});

/** Each marked item of the sidebar: its link's route and its text. */
const marked = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-component-name="Menu/Menu"] li[data-active="true"]')].map((item) => ({
      route: item.closest('a')?.getAttribute('href') ?? '(no link)',
      text: (item.textContent ?? '').trim(),
    })),
  );

/** Resolves once the page's aids (scripts/page-aids.js, which unmark a wrong item) have run over the page as it stands. */
const aidsDone = (page: Page) => page.locator('html[data-page-aids="done"]').waitFor({ state: 'attached' });

/** The route the address names, as a sidebar link writes it. */
const routeOf = (page: Page) => `#${new URL(page.url()).hash.replace(/^#/, '').split('#')[0] || '/'}`;

describe('the sidebar', () => {
  it.each(['#/calls/get-call', '#/users/list-users', '#/section/https'])(
    'opened at %s before Redoc has run: marks that route or nothing, never the overview',
    async (hash) => {
      const page = await docs.newPage({ width: 1400, height: 900 });
      await page.goto(`${scriptless}${hash}`);
      await page.locator('[data-component-name="Menu/Menu"]').first().waitFor({ state: 'attached' });
      await aidsDone(page);
      const wrong = (await marked(page)).filter((m) => m.route !== hash);
      expect(wrong, `marked beside ${hash}`).toEqual([]);
      await page.close();
    },
  );

  it('after Redoc has run, marks exactly the route of the address, opened or clicked', async () => {
    const page = await docs.newPage({ width: 1400, height: 900 });
    // Settles on one item, the address's route (a bounded wait for Redoc to follow a click).
    const check = async (what: string) => {
      const settled = await page
        .waitForFunction(() => {
          const items = [...document.querySelectorAll('[data-component-name="Menu/Menu"] li[data-active="true"]')];
          const route = `#${location.hash.replace(/^#/, '').split('#')[0] || '/'}`;
          return items.length === 1 && items[0]!.closest('a')?.getAttribute('href') === route;
        })
        .then(
          () => true,
          () => false,
        );
      expect(settled, `${what}: marked ${JSON.stringify(await marked(page))} at ${routeOf(page)}`).toBe(true);
    };
    for (const hash of ['', '#/calls/get-call', '#/users/list-users', '#/section/https']) {
      await page.goto('about:blank');
      await page.goto(`${docsUrl}${hash}`);
      await page.locator('img[alt="redocly logo"]').first().waitFor({ state: 'attached' });
      await check(`opened at ${hash || '(no hash)'}`);
    }
    const menu = page.locator('[data-component-name="Menu/Menu"]').first();
    for (const item of ['Getting started', 'Authentication']) {
      await menu.getByText(item, { exact: true }).click();
      await page.waitForURL(/#\/section\//);
      await check(`clicked ${item}`);
    }
    await page.close();
  });
});
