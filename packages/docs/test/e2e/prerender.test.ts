// Every operation's page is prerendered as HTML in a file of its own, dist/routes/<tag>/<id>.js
// (scripts/prerender-routes.mjs), loaded by the page when its address names that route: a reader
// who opens an operation's address sees it before Redoc's script has run, and the page itself
// carries no operation's page. Proven with that script taken out of the page, opened from file://
// beside a copy of the route files: what is left must show the operation, styled, in the viewport.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { operationsOf } from '@chatplatform/spec';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, routesOf, step } from '../../scripts/prerender-routes.mjs';
import {
  type DocsBrowser,
  deref,
  docsDir,
  docsHtml,
  launchDocsBrowser,
  operationRoute,
  renderedSpec,
  requireBuiltDocs,
  scriptlessPage,
} from '../support/docs.js';

const spec = renderedSpec();
const operations = operationsOf(spec).map(({ operation }) => operation);
const getCall = spec.paths['/calls/{sessionId}'].get;
/**
 * A bound on a hang, not a speed goal, for a test that loads or draws every operation: a minute,
 * and 5 s more per operation (drawing one took 0.5 s at 500 operations), so it holds at any size.
 */
const EVERY_OPERATION_BOUND_MS = 60_000 + operations.length * 5_000;
const participantFields = Object.keys(deref(spec, spec.components.schemas.CallParticipant).properties);

let docs: DocsBrowser;
let scriptless: string;
beforeAll(async () => {
  requireBuiltDocs();
  scriptless = scriptlessPage('prerender-without-redoc-script');
  docs = await launchDocsBrowser();
});
afterAll(async () => {
  await docs?.close();
});

/**
 * The run's browser, with a script in every page it opens that breaks the operation's route (the
 * page's animation frames throw) the first `times` times it is opened in a tab: a drawing that fails
 * at once, as one past its time limit does after the limit (`step`, below).
 */
function breakingBrowser(operation: { operationId: string; tags: string[] }, times: number): Browser {
  const browser = docs.context.browser()!;
  const breakRoute = ({ hash, times }: { hash: string; times: number }) => {
    addEventListener('hashchange', () => {
      const broken = Number(sessionStorage.getItem('broken') ?? 0);
      if (location.hash !== hash || broken >= times) return;
      sessionStorage.setItem('broken', String(broken + 1));
      window.requestAnimationFrame = () => {
        throw new Error('the route broke (prerender.test.ts)');
      };
    });
  };
  const newContext: Browser['newContext'] = async (options) => {
    const context = await browser.newContext(options);
    await context.addInitScript(breakRoute, { hash: operationRoute(operation), times });
    return context;
  };
  return new Proxy(browser, {
    get: (target, key) => (key === 'newContext' ? newContext : Reflect.get(target, key, target)),
  });
}

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

  it(
    'exist for every operation of the spec, and the overview stays as Redoc prerendered it',
    async () => {
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
    },
    EVERY_OPERATION_BOUND_MS,
  );

  it('are files of their own: the page carries none of them, so its size does not grow with the operations', () => {
    const html = readFileSync(docsHtml, 'utf8');
    for (const operation of operations) {
      const file = join(docsDir, 'dist', `routes${operationRoute(operation).slice(1)}.js`);
      expect(existsSync(file), file).toBe(true);
      const page = /"html":("(?:[^"\\]|\\.)*")/.exec(readFileSync(file, 'utf8'));
      expect(page, `${file} holds a page`).not.toBeNull();
      const inner = JSON.parse(page![1]!) as string;
      expect(inner).toContain(operation.summary);
      // Not inlined: the page holds neither the operation's drawn section nor its escaped form.
      // From the operation's own section (a link to it may come first: with more operations in its
      // tag, far enough that its summary falls outside the window), raw or JSON-escaped.
      const id = operationRoute(operation).slice(1).replace(/\./g, '\\.');
      const section = (text: string) => {
        const at = text.search(new RegExp(`data-section-id=\\\\?"${id}\\\\?"`));
        expect(at, `${operation.operationId}'s section`).toBeGreaterThanOrEqual(0);
        return text.slice(at, at + 2000);
      };
      expect(section(inner)).toContain(operation.summary);
      expect(html.includes(section(inner)), operation.operationId).toBe(false);
      expect(html.includes(section(page![1]!)), operation.operationId).toBe(false);
    }
  });

  it(
    'are drawn by Redoc in one load of the page per area, a route after the other, each as the build wrote it',
    async () => {
      const drawn = await render(docsHtml, routesOf(spec), { browser: docs.context.browser()! });
      const areas = new Set(operations.map((operation) => operation.tags[0]));
      expect(drawn.loads).toBe(1 + areas.size); // the overview, then each area's address
      expect(drawn.routes.map((r: { route: string }) => `#${r.route}`).sort()).toEqual(
        operations.map(operationRoute).sort(),
      );
      for (const { route, html } of drawn.routes) {
        const file = readFileSync(join(docsDir, 'dist', `routes${route}.js`), 'utf8');
        expect(file, route).toContain(JSON.stringify(html).replace(/</g, '\\u003c').slice(0, 5000));
      }
    },
    EVERY_OPERATION_BOUND_MS,
  );

  it('draws a route whose drawing fails once more, in a fresh load of its area; a second failure ends the build', async () => {
    const calls = routesOf(spec).filter((operation) => operation.tag === getCall.tags[0]);
    const brokenOnce = await render(docsHtml, calls, { browser: breakingBrowser(getCall, 1) });
    expect(brokenOnce.retries).toBe(1);
    expect(brokenOnce.loads).toBe(3); // the overview, the area, the area again
    const drawn = brokenOnce.routes.find((r: { route: string }) => `#${r.route}` === operationRoute(getCall));
    expect(drawn?.html).toContain(getCall.summary);
    expect(brokenOnce.routes).toHaveLength(calls.length);
    await expect(render(docsHtml, calls, { browser: breakingBrowser(getCall, 2) })).rejects.toThrow(/the route broke/);
  }, 120_000); // a bound on a hang, not a speed goal

  it('gives every wait in the browser a limit, and says what it waited for', async () => {
    await expect(step("Redoc's hydration", new Promise(() => {}), 50)).rejects.toThrow(
      /^prerender: Redoc's hydration did not finish in 0.05 s/,
    );
  });
});
