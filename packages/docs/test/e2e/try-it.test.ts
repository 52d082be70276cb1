// The "Try it" panel (scripts/try-it.js) on `pnpm start`'s page, where "the mock" is the default: a reader
// sends Get Call and a management operation and reads the mock's own answer; the keys typed there
// go with those requests only, to the mock's /mock paths on the page's own server, and are in no storage,
// cookie or address afterwards; axe-core finds nothing serious with the panel open.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  type DocsBrowser,
  launchDocsBrowser,
  operationRoute,
  renderedSpec,
  requireBuiltDocs,
  STEP_BOUND_MS,
  startDocsServer,
} from '../support/docs.js';

const spec = renderedSpec();
const getCall = spec.paths['/calls/{sessionId}'].get;
// The management operation: the one whose security asks for more than one header.
const management = Object.values<any>(spec.paths)
  .flatMap((item) => Object.values<any>(item))
  .find((op) => op?.security?.some((r: object) => Object.keys(r).length > 1));
const headerOf = (scheme: string) => spec.components.securitySchemes[scheme].name as string;
const secret = (name: string) => `try-it-${name}-${Math.random().toString(36).slice(2)}`;

let docs: DocsBrowser;
let server: ReturnType<typeof startDocsServer>;
let addresses: { docs: string; mock: string };
let page: Page;
/** Every request the page made, with its headers. */
const sent: { url: string; headers: Record<string, string> }[] = [];

beforeAll(async () => {
  requireBuiltDocs();
  expect(management, 'an operation with a two-header security requirement').toBeDefined();
  docs = await launchDocsBrowser();
  server = startDocsServer();
  addresses = await server.ready;
  page = await docs.newPage({ width: 1400, height: 900 });
  page.on('request', (request) => sent.push({ url: request.url(), headers: request.headers() }));
  await page.goto(`${addresses.docs}#/calls/get-call`);
  await page.locator('img[alt="redocly logo"]').first().waitFor({ state: 'attached' });
  await page.locator('.try-it summary').click();
}, 120_000); // a load of a 2.8 MB page: a bound on a hang, not a speed goal
afterAll(async () => {
  await docs?.close();
  if (server?.child.exitCode === null) server.child.kill('SIGINT');
});

/** Sends what the panel shows and returns the response text it prints. */
async function send(): Promise<string> {
  const result = page.locator('.try-it-result');
  await page.locator('.try-it button').click();
  await expect.poll(() => result.innerText(), { timeout: STEP_BOUND_MS }).toMatch(/^\d{3} /);
  return result.innerText();
}

/** The mock's own answer to the same request, asked directly. */
async function mockAnswer(path: string, headers: Record<string, string>): Promise<unknown> {
  const response = await fetch(`${addresses.mock}${path}`, { headers });
  return { status: response.status, body: await response.json() };
}

const printed = (text: string) => ({
  status: Number(text.slice(0, 3)),
  body: JSON.parse(text.slice(text.indexOf('\n\n') + 2)),
});

describe('Try it, with the mock chosen', () => {
  const keys: string[] = [];

  it("sends to the mock by default on pnpm start's page, to the filled address", async () => {
    await expect(page.locator('.reader-settings select[name=target]').inputValue()).resolves.toBe('mock');
    const sessionId = await page.locator('.try-it input[name="path:sessionId"]').inputValue();
    const destination = await page.locator('.try-it-destination').innerText();
    expect(destination).toContain(`${addresses.docs}mock/v3/calls/${encodeURIComponent(sessionId)}`);
    await page.fill('.try-it input[name="path:sessionId"]', 'another-session');
    await expect(page.locator('.try-it-destination').innerText()).resolves.toContain('/calls/another-session');
    await page.fill('.try-it input[name="path:sessionId"]', sessionId);
  });

  it("sends Get Call (from the page's route) and shows the mock's answer", async () => {
    await expect(page.locator('.try-it select[name=operation]').inputValue()).resolves.toBe(getCall.operationId);
    const key = secret('apikey');
    keys.push(key);
    const header = headerOf(Object.keys(getCall.security[0])[0]!);
    await page.fill(`.try-it input[name="key:${header}"]`, key);
    const sessionId = await page.locator('.try-it input[name="path:sessionId"]').inputValue();
    const text = await send();
    const expected = await mockAnswer(`/v3/calls/${encodeURIComponent(sessionId)}`, { [header]: key });
    expect(printed(text)).toEqual(expected);
    expect(printed(text).status).toBe(200);
  });

  it("sends a management operation with its key and secret and shows the mock's answer", async () => {
    // The panel offers the operations of the area the page has loaded: open the operation's address.
    await page.goto('about:blank');
    await page.goto(`${addresses.docs}${operationRoute(management)}`);
    await page.locator('img[alt="redocly logo"]').first().waitFor({ state: 'attached' });
    await page.locator('.try-it summary').click();
    await page.selectOption('.try-it select[name=operation]', management.operationId);
    const headers: Record<string, string> = {};
    for (const scheme of Object.keys(management.security[0])) {
      const value = secret(scheme);
      keys.push(value);
      headers[headerOf(scheme)] = value;
      await page.fill(`.try-it input[name="key:${headerOf(scheme)}"]`, value);
    }
    const text = await send();
    const path = Object.entries<any>(spec.paths).find(([, item]) => item.get === management)![0];
    expect(printed(text)).toEqual(await mockAnswer(path, headers));
    expect(printed(text).status).toBe(200);
  });

  it('sent the keys only to the chosen host, and kept them nowhere', async () => {
    const carrying = sent.filter((r) => keys.some((k) => Object.values(r.headers).includes(k)));
    expect(carrying.length).toBe(2);
    for (const request of carrying) expect(request.url.startsWith(`${addresses.docs}mock/`), request.url).toBe(true);
    // No request carried a key anywhere else: not in an address, not in another header.
    expect(sent.filter((r) => keys.some((k) => r.url.includes(k)))).toEqual([]);
    const kept = await page.evaluate(() =>
      JSON.stringify([{ ...localStorage }, { ...sessionStorage }, document.cookie, location.href]),
    );
    const cookies = JSON.stringify(await docs.context.cookies());
    for (const key of keys) {
      expect(kept).not.toContain(key);
      expect(cookies).not.toContain(key);
    }
  });

  it('has no serious or critical accessibility violation once sent (axe-core), the sidebar a landmark, an h1', async () => {
    await expect(page.locator('.try-it').getAttribute('open')).resolves.not.toBeNull();
    await expect(page.locator('.try-it-result').innerText()).resolves.toMatch(/^\d{3} /);
    const found = await axeViolations(page);
    expect(found.filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    expect(found.filter((v: { id: string }) => v.id === 'page-has-heading-one')).toEqual([]);
    const sidebarInNav = await page.evaluate(() =>
      Boolean(document.querySelector('[data-component-name="Menu/Menu"]')?.closest('nav, [role="navigation"]')),
    );
    expect(sidebarInNav).toBe(true);
  });
});
