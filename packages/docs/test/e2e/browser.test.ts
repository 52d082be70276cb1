// The rendered docs (packages/docs/dist/index.html) in headless Chromium, opened from disk with every
// non-loopback request blocked: a reader finds Get Call, its server, its examples, its response
// fields and its code samples, with no network, no console error and no serious accessibility issue.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundledSpecPath, operationsOf } from '@chatplatform/spec';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  artifactPath,
  axeViolations,
  blockingViolations,
  bundledSpec,
  type DocsBrowser,
  deref,
  docsUrl,
  launchDocsBrowser,
  openSearch,
  operationRoute,
  renderedSpec,
  requireBuiltDocs,
  STEP_BOUND_MS,
} from '../support/docs.js';

const spec = renderedSpec();
const callsPath = spec.paths['/calls/{sessionId}'];
const getCall = callsPath.get;
const callsServer = callsPath.servers[0];
const participantFields = Object.keys(deref(spec, spec.components.schemas.CallParticipant).properties);
const sampleLabels: string[] = getCall['x-codeSamples'].map((s: { label: string }) => s.label);

const DESKTOP = { width: 1400, height: 900 };
const PHONE = { width: 390, height: 844 };

let docs: DocsBrowser;
beforeAll(async () => {
  requireBuiltDocs();
  docs = await launchDocsBrowser();
});
afterAll(async () => {
  await docs?.close();
});

/** A fresh load of the page at `hash`, once React has hydrated it. */
async function open(hash = '', viewport = DESKTOP): Promise<Page> {
  const page = await docs.newPage(viewport);
  await page.goto(`${docsUrl}${hash}`);
  // The page is prerendered; clicks only work once React has hydrated it. The sidebar's footer logo
  // is rendered by an effect, so it appears exactly then (on every width, hidden or not).
  await page.locator('img[alt="redocly logo"]').first().waitFor({ state: 'attached' });
  return page;
}

/**
 * Shows the route `hash` on a page already loaded, as a link in it does: Redoc's router follows the
 * address, with no reload. Resolves once the route is drawn: its element there (the overview: marked
 * in the sidebar), the sidebar's footer logo drawn again (Redoc redraws the footer on a route change
 * and draws its logo by an effect, last, as when it hydrates), and the page's aids run over it all
 * (scripts/page-aids.js says so on <html>). A group's tests share one load this way.
 */
async function show(page: Page, hash: string): Promise<void> {
  const route = hash || '#/';
  await page
    .evaluate(
      (route) =>
        new Promise<void>((resolve) => {
          if (location.hash === route) return resolve();
          addEventListener('hashchange', () => resolve(), { once: true });
          location.hash = route;
        }),
      route,
    )
    // An address in another area reloads the page (scripts/areas.mjs): the wait below follows it.
    .catch((error: Error) => {
      if (!/context was destroyed/.test(error.message)) throw error;
    });
  await page.waitForFunction((route) => {
    if (document.documentElement.dataset.pageAids !== 'done') return false;
    if (!document.querySelector('img[alt="redocly logo"]')) return false;
    if (route !== '#/') return document.getElementById(decodeURIComponent(route.slice(2))) !== null;
    const items = [...document.querySelectorAll('[data-component-name="Menu/Menu"] li[data-active="true"]')];
    return items.length === 1 && items[0]!.closest('a')?.getAttribute('href') === route;
  }, route);
}

/**
 * Pages a group's tests share: one load per key (a viewport, a state), made by `load` at the first
 * test that asks, routed by `show` for each, closed after the group. `load` opens Get Call: the page
 * reloads itself for an address in another area than the one it was opened at (scripts/areas.mjs),
 * and the overview and the guide belong to none, so a page opened in the Calls area, where these
 * tests read, is routed between them without a reload.
 */
function sharedPages<Key>(load: (key: Key) => Promise<Page>) {
  const pages = new Map<Key, Promise<Page>>();
  afterAll(async () => {
    for (const page of pages.values()) await (await page).close();
  });
  return async (key: Key, hash: string): Promise<Page> => {
    if (!pages.has(key)) pages.set(key, load(key));
    const page = await pages.get(key)!;
    await show(page, hash);
    return page;
  };
}

/** A group's shared pages, one per viewport, light: `loaded(hash)` at desktop width, `loaded(hash, PHONE)`. */
function sharedLoads() {
  const shared = sharedPages<typeof DESKTOP>((viewport) => open('#/calls/get-call', viewport));
  return (hash: string, viewport = DESKTOP) => shared(viewport, hash);
}

/**
 * Resolves once Get Call's section is at the top of the viewport, as Redoc scrolls to a route it
 * opens: on a shared page Get Call's section may be drawn already, so its heading alone does not
 * show that a click opened it.
 */
const getCallInView = (page: Page) =>
  page.waitForFunction((id) => {
    const box = document.getElementById(id)?.getBoundingClientRect();
    return box !== undefined && box.top >= -1 && box.top < window.innerHeight / 2;
  }, operationRoute(getCall).slice(2));

/** Where Redoc draws Get Call's 200 response (its fields' ids start so). */
const response = '[id^="calls/get-call/t=response&c=200"]';

/** Scrolls Get Call's page to its responses: Redoc draws a section only when it is scrolled near. */
async function scrollToResponses(page: Page): Promise<void> {
  await getCallHeading(page).waitFor();
  await page
    .locator('h4', { hasText: /^Responses$/ })
    .first()
    .scrollIntoViewIfNeeded();
}

// Headings carry a "link to ..." anchor in their accessible name; match the visible text.
const getCallHeading = (page: Page) =>
  page
    .locator('h1, h2')
    .filter({ hasText: new RegExp(`^${getCall.summary}$`) })
    .first();

describe('the docs page, opened from disk', () => {
  const loaded = sharedLoads();
  it('renders Get Call, the Calls server with its region choice, and the 200 example', async () => {
    const page = await loaded('#/calls/get-call');
    await expect(getCallHeading(page).isVisible()).resolves.toBe(true);

    // The server picker of the request panel offers the Calls server, variables at their defaults.
    const defaults = Object.fromEntries(Object.entries<any>(callsServer.variables).map(([k, v]) => [k, v.default]));
    const callsUrl = callsServer.url.replace(/\{(\w+)\}/g, (_: string, k: string) => defaults[k]);
    const servers = page.locator('.panel-request-samples [data-component-name="Dropdown/Dropdown"]').first();
    await servers.click();
    // Closed again whatever the verdict: the page is the group's.
    onTestFinished(async () => {
      if (await page.getByRole('menu').count()) await servers.click();
    });
    await expect(page.getByRole('menu').first().innerText()).resolves.toContain(`${callsUrl}/calls/{sessionId}`);
    await servers.click(); // closes it (Escape does not)
    await page.getByRole('menu').first().waitFor({ state: 'detached' });

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
    // The JSON viewer opens expanded: the record's fields are there without a click.
    await expect(samples.innerText()).resolves.toContain(initiated.value.data[0].sessionId);
    await expect(samples.getByRole('button', { name: 'Expand all' }).count()).resolves.toBe(0);
  });

  it('finds Get Call through the sidebar', async () => {
    const page = await loaded('#/'); // the overview, its Calls group folded
    const menu = page.locator('[data-component-name="Menu/Menu"]').first();
    await menu.getByText('Calls', { exact: true }).click();
    await menu.getByText(getCall.summary, { exact: true }).click();
    await getCallInView(page);
    expect(page.url()).toContain('get-call');
  });

  it('finds Get Call through search', async () => {
    const page = await loaded('#/');
    await page
      .getByText(/^Search/)
      .first()
      .click();
    await page.keyboard.type(getCall.summary);
    const hit = page
      .locator('[data-component-name="Search/SearchItem"]')
      .filter({ hasText: '/calls/{sessionId}' })
      .first();
    await hit.click();
    await getCallInView(page);
    expect(page.url()).toContain('get-call');
  });

  it('shows the 200 response down to the participant fields without a click', async () => {
    const page = await loaded('#/calls/get-call');
    await scrollToResponses(page); // every level is open already
    await expect(page.getByRole('button', { name: /Show \d+ properties/ }).count()).resolves.toBe(0);
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
  });

  it('shows every code sample of Get Call', async () => {
    const page = await loaded('#/calls/get-call');
    const panel = page.locator('.panel-request-samples');
    const pick = async (label: string) => {
      await panel.locator('[data-component-name="Dropdown/Dropdown"]').last().click();
      await page
        .getByRole('menuitem')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .click();
    };
    onTestFinished(() => pick(sampleLabels[0]!)); // the language a fresh load shows, for the tests after
    for (const { label, source } of getCall['x-codeSamples'] as { label: string; source: string }[]) {
      await pick(label);
      const code = panel.locator('[data-component-name="CodeBlock/CodeBlock"]');
      // First line of the sample, whitespace-normalised (the code block wraps and highlights). React
      // draws the chosen sample after the click returns: the block is read until it shows it.
      const firstLine = source.split('\n')[0]!.replace(/\s+/g, ' ');
      await expect
        .poll(async () => (await code.innerText()).replace(/\s+/g, ' '), { message: label, timeout: STEP_BOUND_MS })
        .toContain(firstLine);
    }
    expect(sampleLabels).toEqual(['curl', 'TypeScript', 'Python', 'Go', 'Java', 'Rust', 'Kotlin', 'Ruby', 'PHP']);
  });

  it("offers Copy only on code (no unlabelled Copy of the operation's YAML)", async () => {
    // A load of its own, at Get Call: once a page has shown the overview, Redoc keeps the guide (and
    // the Copy buttons of its code blocks) drawn above the operation.
    const page = await open('#/calls/get-call');
    await getCallHeading(page).waitFor();
    const copies = page.getByRole('button', { name: /copy/i });
    const outside = await copies.evaluateAll((buttons) =>
      buttons
        .filter(
          (b) =>
            (b as HTMLElement).offsetParent !== null && !b.closest('.panel-request-samples, .panel-response-samples'),
        )
        .map((b) => b.outerHTML.slice(0, 200)),
    );
    expect(outside).toEqual([]);
    await page.close();
  });

  it('works at phone width', async () => {
    const page = await loaded('#/calls/get-call', PHONE);
    await getCallHeading(page).waitFor();
    const box = await getCallHeading(page).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  });

  it('has no serious or critical accessibility violations at the entry point and the overview (axe-core)', async () => {
    // The entry point as a reader opens it, a load of its own.
    const entry = await open();
    const atEntry = blockingViolations(await axeViolations(entry));
    await entry.close();
    expect(atEntry, 'the page opened without an address').toEqual([]);
    expect(blockingViolations(await axeViolations(await loaded(''))), 'the overview').toEqual([]);
  });

  // Every operation's page (Redoc routes them as #/<tag slug>/<operationId>), a test per area on the
  // group's page (one of another area reloads it: scripts/areas.mjs): the whole page at the area's
  // first operation, what the page draws around its operations included; at its other operations,
  // the operation's own section (the whole page each time grows with the area: at 500 operations,
  // 25 operations' page for each of them ran past this test's bound).
  const areas = new Map<string, string[]>();
  for (const { operation } of operationsOf(spec)) {
    const hash = operationRoute(operation);
    const area = hash.split('/')[1]!;
    areas.set(area, [...(areas.get(area) ?? []), hash]);
  }
  for (const [area, hashes] of areas) {
    it(
      `has no serious or critical accessibility violations in the ${area} area (axe-core)`,
      async () => {
        for (const [index, hash] of hashes.entries()) {
          const page = await loaded(hash);
          const section = `[data-section-id="${hash.slice(1)}"]`;
          await page.locator(`${section} .panel-request-samples`).waitFor(); // the operation is shown
          const whole = index === 0;
          const blocking = blockingViolations(await axeViolations(page, whole ? undefined : section));
          expect(blocking, `page ${hash}${whole ? '' : ', its section'}`).toEqual([]);
        }
      },
      // A bound on a hang, not a speed goal: 0.8 s an operation at 500 operations on an idle
      // machine, over 2 s beside the whole suite there.
      60_000 + hashes.length * 5_000,
    );
  }
});

// What a reader sees and how a keyboard or a screen reader gets there, in the four states the
// reference is read in: default, every level expanded, dark, phone.
const STATES = [
  { name: 'default', viewport: DESKTOP, colorScheme: 'light' },
  { name: 'expanded', viewport: DESKTOP, colorScheme: 'light', expand: true },
  { name: 'dark', viewport: DESKTOP, colorScheme: 'dark', expand: true },
  { name: 'phone', viewport: PHONE, colorScheme: 'light' },
] as const;

async function openIn(state: (typeof STATES)[number]): Promise<Page> {
  const page = await docs.newPage(state.viewport);
  await page.emulateMedia({ colorScheme: state.colorScheme });
  await page.goto(`${docsUrl}#/calls/get-call`);
  await page.locator('img[alt="redocly logo"]').first().waitFor({ state: 'attached' });
  await getCallHeading(page).waitFor();
  if ('expand' in state) {
    // Whatever a reader can still open: every "Expand all" and "Show n properties" on the page.
    for (const button of await page.getByRole('button', { name: /^(Expand all|\+?\s*Show \d+ properties)$/ }).all()) {
      await button.click();
    }
  }
  return page;
}

/** How many lines each occurrence of `word` inside `selector` takes (1 when it is not broken). */
async function linesPerWord(page: Page, selector: string, word: string): Promise<number[]> {
  return page.evaluate(
    ([selector, word]) => {
      const lines: number[] = [];
      for (const root of document.querySelectorAll(selector)) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf(word);
          if (at < 0 || !(node.parentElement as HTMLElement).offsetParent) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + word.length);
          lines.push(new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size);
        }
      }
      return lines;
    },
    [selector, word] as const,
  );
}

describe('what the reader sees, in every state', () => {
  // One load per state, shared by the tests that read it; each routes it where it reads.
  const shared = sharedPages<(typeof STATES)[number]>((state) => openIn(state));
  const inState = async (state: (typeof STATES)[number]) => {
    const page = await shared(state, '#/calls/get-call');
    await getCallHeading(page).waitFor();
    return page;
  };

  it.each(STATES.map((s) => [s.name, s] as const))(
    '%s: no serious or critical axe-core violation; screenshot',
    async (name, state) => {
      const page = await inState(state);
      if (state.colorScheme === 'dark') {
        await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(true);
      }
      await page.screenshot({
        path: artifactPath(`get-call-${state.viewport.width}x${state.viewport.height}-${name}.png`),
      });
      expect(blockingViolations(await axeViolations(page))).toEqual([]);
    },
  );

  it('keeps words whole in tables, at both widths', async () => {
    for (const state of [STATES[0], STATES[3]]) {
      const { viewport } = state;
      const page = await shared(state, '#/section/api-key-scopes');
      await page.locator('table').first().waitFor();
      for (const word of ['fullAccess', 'authOnly', 'region']) {
        const lines = await linesPerWord(page, 'table', word);
        expect(lines.length, `${word} in a table at ${viewport.width} px`).toBeGreaterThan(0);
        expect(
          lines.every((n) => n === 1),
          `${word} broken across lines at ${viewport.width} px: ${lines}`,
        ).toBe(true);
      }
    }
  });

  it('wraps long sample lines on a phone instead of cutting them at the edge', async () => {
    const page = await inState(STATES[3]);
    const code = page.locator('.panel-request-samples pre').first();
    await code.scrollIntoViewIfNeeded();
    const { scrollWidth, clientWidth } = await code.evaluate((e) => ({
      scrollWidth: e.scrollWidth,
      clientWidth: e.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });

  it("offers a skip link first, and reaches Get Call's 200 response fields within 20 key presses", async () => {
    const page = await openIn(STATES[0]); // a load of its own: the first Tab press of a fresh page
    await page.keyboard.press('Tab');
    const skip = page.locator(':focus');
    await expect(skip.innerText()).resolves.toBe('Skip to content');
    const box = (await skip.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0); // shown while focused
    const response = 'calls/get-call/t=response&c=200';
    let presses = 1;
    let reached = false;
    for (const key of ['Enter', ...Array<string>(18).fill('Tab')]) {
      await page.keyboard.press(key);
      presses++;
      reached = await page.evaluate(
        (prefix) => Boolean(document.activeElement?.closest(`[id^="${prefix}"]`)),
        response,
      );
      if (reached) break;
    }
    expect(reached, `focus reached Get Call's 200 response after ${presses} presses`).toBe(true);
    expect(page.url()).toContain('#/calls/get-call'); // the skip link keeps the reader's address
    await page.close();
  });
});

describe('links a reader copies or opens in a new tab', () => {
  /** The element a link lands on: the part after the route's own '#', else the route itself. */
  const targetId = (href: string) =>
    decodeURIComponent(href.includes('#', 1) ? href.slice(href.indexOf('#', 1) + 1) : href.replace(/^#\/?/, ''));

  /** Every distinct link target on the page as entered at `entry`, once Redoc has drawn it. */
  async function linksFrom(entry: string): Promise<string[]> {
    const page = await open(entry);
    const hrefs = await page.evaluate(() => [
      ...new Set([...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!)),
    ]);
    await page.close();
    return hrefs;
  }

  it('are hash links or files beside the page from every entry point, and each lands on its content', async () => {
    // Beside the page, not in it: the downloads and the changelog (test/e2e/changelog.test.ts).
    const beside = (h: string) => h.startsWith('download/') || h === 'changelog.html';
    const internal = new Set<string>();
    for (const entry of ['', '#/', '#/section/https', '#/calls/get-call']) {
      const hrefs = (await linksFrom(entry)).filter((h) => !/^(https?:|mailto:)/.test(h));
      expect(
        hrefs.filter((h) => !h.startsWith('#') && !beside(h)),
        `links entered at ${entry || '(no hash)'}`,
      ).toEqual([]);
      for (const h of hrefs) if (!beside(h)) internal.add(h);
    }
    const all = [...internal];
    // One of each kind (a fresh load of the page takes about three seconds here): a guide section
    // and a tag (root-absolute when entered at the overview before), an operation, Get Call's
    // heading anchors and a response field.
    const kinds = [
      (h: string) => h.startsWith('#/section/') && h !== '#/section/https',
      (h: string) => /^#\/[^/#]+$/.test(h) && h !== '#/',
      (h: string) => h === '#/calls/get-call',
      (h: string) => /#calls\/get-call\/request$/.test(h),
      (h: string) => /#calls\/get-call\/responses$/.test(h),
      (h: string) => /#calls\/get-call\/response&c=200\/body$/.test(h),
      (h: string) => /#calls\/get-call\/t=response&c=200&path=data$/.test(h),
    ];
    const sample = kinds.map((kind) => all.find(kind));
    expect(sample).not.toContain(undefined);
    const tab = await docs.newPage(DESKTOP);
    const missed: string[] = [];
    for (const href of sample as string[]) {
      await tab.goto('about:blank');
      await tab.goto(`${docsUrl}${href}`); // a fresh load, as a new tab or a pasted link does
      const id = targetId(href);
      const landed = await tab
        .waitForFunction((id) => {
          const box = document.getElementById(id)?.getBoundingClientRect();
          return box !== undefined && box.bottom > 0 && box.top < window.innerHeight;
        }, id || 'redoc')
        .then(
          () => true,
          () => false,
        );
      if (!landed) missed.push(href);
    }
    expect(missed).toEqual([]);
    await tab.close();
  }, 120_000);
});

describe('search', () => {
  /**
   * From the overview, searches `term`, then opens a hit: `enter` presses Enter in the search box,
   * else clicks the hit whose text holds `hitText`. A load of its own: on a page shared by these
   * tests, Redoc's search did not open again at the third search after a hit.
   */
  async function openHit(term: string, how: { enter: true } | { hitText: string }): Promise<Page> {
    const page = await open('#/');
    onTestFinished(() => page.close());
    const items = await openSearch(page, term);
    if ('enter' in how) await page.keyboard.press('Enter');
    else await items.filter({ hasText: how.hitText }).first().click();
    return page;
  }

  /** Whether the element with `id` comes into the viewport (within the page's default wait). */
  const inView = (page: Page, id: string) =>
    page
      .waitForFunction((id) => {
        const box = document.getElementById(id)?.getBoundingClientRect();
        return box !== undefined && box.top >= 0 && box.top < window.innerHeight / 2;
      }, id)
      .then(
        () => true,
        () => false,
      );

  /** The guide section of the bundle whose own text holds `words` (the description's Markdown heading before them). */
  function guideSectionWith(words: RegExp): string {
    const description: string = spec.info.description;
    const at = description.search(words);
    expect(at, `${words} in the guide`).toBeGreaterThan(0);
    const heading = [...description.slice(0, at).matchAll(/^#{1,2} (.+)$/gm)].at(-1)![1]!;
    return `section/${heading
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/-$/, '')}`;
  }

  /** The longest word only the guide's last section holds: no section follows it to end its text. */
  function wordOfLastSection(): string {
    const description: string = spec.info.description;
    const at = [...description.matchAll(/^#{1,2} .+$/gm)].at(-1)!.index;
    const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[a-z]{5,}/g));
    const earlier = wordsOf(description.slice(0, at));
    return [...wordsOf(description.slice(at))]
      .filter((word) => !earlier.has(word))
      .sort((a, b) => b.length - a.length)[0]!;
  }
  const lastSectionWord = wordOfLastSection();

  it.each([
    ['rate limit', /rate limit/i],
    ['onBehalfOf', /onBehalfOf/],
    ['rotate', /rotate/],
    [lastSectionWord, new RegExp(lastSectionWord, 'i')],
  ])('a hit in the guide text for "%s" lands on its section', async (term, words) => {
    const section = guideSectionWith(words);
    const page = await openHit(term, { hitText: spec.info.title });
    await expect(inView(page, section), `${section} in view at ${page.url()}`).resolves.toBe(true);
  });

  it('Enter opens the first hit without an arrow key', async () => {
    const page = await openHit(getCall.summary, { enter: true });
    await getCallInView(page);
    expect(page.url()).toContain('get-call');
  });
});

describe('Try it', () => {
  const boxOf = (page: Page, selector: string) => page.locator(selector).first().boundingBox();
  const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  it('sits with its operation after the request sample, covers no sample, and shows the filled address', async () => {
    const page = await open('#/calls/get-call');
    const tryIt = page.locator('.try-it');
    await tryIt.waitFor();
    const order = await page.evaluate(() => {
      const sample = document.querySelector('.panel-request-samples')!;
      const panel = document.querySelector('.try-it')!;
      return Boolean(sample.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(order, 'Try it after the request sample in reading order').toBe(true);
    await tryIt.locator('summary').click();
    const panel = (await tryIt.boundingBox())!;
    for (const samples of ['.panel-request-samples', '.panel-response-samples'])
      expect(overlap(panel, (await boxOf(page, samples))!), `Try it over ${samples}`).toBe(false);
    const sessionId = await tryIt.locator('input[name="path:sessionId"]').inputValue();
    const destination = await tryIt.locator('.try-it-destination').innerText();
    expect(destination).not.toContain('{');
    expect(destination).toContain(`/calls/${encodeURIComponent(sessionId)}`);
    await page.close();
  });

  it('is reached in at most 20 key presses from the skip link', async () => {
    const page = await open('#/calls/get-call');
    await page.keyboard.press('Tab');
    let presses = 1;
    let reached = false;
    for (const key of ['Enter', ...Array<string>(18).fill('Tab')]) {
      await page.keyboard.press(key);
      presses++;
      reached = await page.evaluate(() => Boolean(document.activeElement?.closest('.try-it')));
      if (reached) break;
    }
    expect(reached, `focus reached Try it after ${presses} presses`).toBe(true);
    await page.close();
  });

  it('stays inside the page at 390 px, open', async () => {
    const page = await open('#/calls/get-call', PHONE);
    await page.locator('.try-it summary').click();
    const sizes = await page.evaluate(() => {
      const panel = document.querySelector('.try-it')!;
      return {
        right: panel.getBoundingClientRect().right,
        overflow: panel.scrollWidth - panel.clientWidth,
        page: document.documentElement.scrollWidth,
      };
    });
    expect(sizes.right).toBeLessThanOrEqual(390);
    expect(sizes.overflow).toBe(0);
    expect(sizes.page).toBeLessThanOrEqual(390);
    await page.close();
  });
});

// Every state a reader puts the page in, with axe-core's moderate findings this page had fixed too:
// the sidebar is a navigation landmark and every route has a level-one heading. Try it sent is
// checked where it can send, on pnpm start's page (test/e2e/try-it.test.ts).
const A11Y_STATES: {
  name: string;
  hash: string;
  viewport?: typeof DESKTOP;
  dark?: true;
  /** A load of its own (the page as a reader first opens it), not the group's shared page. */
  fresh?: true;
  act?: (page: Page) => Promise<void>;
  /** Closes what `act` opened, for the next state on the same page. */
  undo?: (page: Page) => Promise<void>;
}[] = [
  { name: 'initial', hash: '', fresh: true },
  { name: 'operation open', hash: '#/calls/get-call' },
  {
    name: 'search open',
    hash: '',
    act: async (page) => {
      await page
        .getByText(/^Search/)
        .first()
        .click();
      await page.keyboard.type('call');
      await page.locator('[data-component-name="Search/SearchItem"]').first().waitFor();
    },
    undo: async (page) => {
      await page.keyboard.press('Escape');
      await page.locator('[data-component-name="Search/SearchItem"]').first().waitFor({ state: 'detached' });
    },
  },
  {
    name: 'language menu',
    hash: '#/calls/get-call',
    act: async (page) => {
      await page.locator('.panel-request-samples [data-component-name="Dropdown/Dropdown"]').last().click();
      await page.getByRole('menuitem').first().waitFor();
    },
    undo: async (page) => {
      if (!(await page.getByRole('menuitem').count())) return; // act failed before it opened
      await page.locator('.panel-request-samples [data-component-name="Dropdown/Dropdown"]').last().click();
      await page.getByRole('menuitem').first().waitFor({ state: 'detached' });
    },
  },
  { name: 'dark', hash: '#/calls/get-call', dark: true },
  { name: 'mobile', hash: '#/calls/get-call', viewport: PHONE },
  {
    name: 'mobile menu',
    hash: '#/calls/get-call',
    viewport: PHONE,
    act: async (page) => {
      await page.locator('[data-component-name="Navbar/MobileMenuIcon"], [aria-label*="menu" i]').first().click();
      await page.locator('[data-component-name="Menu/Menu"]').first().waitFor();
    },
    undo: async (page) => {
      if (!(await page.locator('[data-component-name="Menu/Menu"]').first().isVisible())) return; // not opened
      await page.locator('[data-component-name="Navbar/MobileMenuIcon"], [aria-label*="menu" i]').first().click();
      await page.locator('[data-component-name="Menu/Menu"]').first().waitFor({ state: 'hidden' });
    },
  },
];

describe('accessibility in every state', () => {
  // One load per viewport and colour scheme, shared by the states that differ only in route and in
  // what the reader opened (closed again by `undo`).
  const shared = sharedPages<string>(async (key) => {
    const [width, height, scheme] = key.split(' ');
    const page = await docs.newPage({ width: Number(width), height: Number(height) });
    await page.emulateMedia({ colorScheme: scheme as 'dark' | 'light' });
    await page.goto(`${docsUrl}#/calls/get-call`);
    await page.locator('img[alt="redocly logo"]').first().waitFor({ state: 'attached' });
    return page;
  });

  it.each(A11Y_STATES.map((s) => [s.name, s] as const))(
    '%s: no critical or serious axe-core violation, the sidebar a navigation landmark, an h1',
    async (_name, state) => {
      const { width, height } = state.viewport ?? DESKTOP;
      const page = state.fresh
        ? await open(state.hash, state.viewport ?? DESKTOP)
        : await shared(`${width} ${height} ${state.dark ? 'dark' : 'light'}`, state.hash);
      if (state.fresh) onTestFinished(() => page.close());
      if (state.hash) await page.locator('.panel-request-samples').first().waitFor();
      if (state.undo) onTestFinished(() => state.undo!(page));
      await state.act?.(page);
      const found = await axeViolations(page);
      expect(found.filter((v: { impact: string }) => ['critical', 'serious'].includes(v.impact))).toEqual([]);
      expect(found.filter((v: { id: string }) => ['page-has-heading-one', 'landmark-one-main'].includes(v.id))).toEqual(
        [],
      );
      const sidebarInNav = await page.evaluate(() =>
        Boolean(document.querySelector('[data-component-name="Menu/Menu"]')?.closest('nav, [role="navigation"]')),
      );
      expect(sidebarInNav, 'the sidebar inside a navigation landmark').toBe(true);
    },
  );

  // Redoc colours a field's name by its depth (a rule `.<depth> .schema-name` each); the spec's
  // own fields reach only the first depths, so each depth's rule is drawn here on a field of its own.
  it.each(['light', 'dark'] as const)('%s: a field name reads in enough contrast at every depth', async (scheme) => {
    const page = await docs.newPage(DESKTOP);
    onTestFinished(() => page.close());
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${docsUrl}#/calls/get-call`);
    await page.locator('.panel-request-samples').first().waitFor();
    const depths = await page.evaluate(() => {
      const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]) as CSSStyleRule[];
      const selectors = rules.filter((r) => /^\.[\w-]+ \.schema-name$/.test(r.selectorText ?? '') && r.style.color);
      const field = document.querySelector('.schema-name')!.closest('[id]')!;
      for (const { selectorText } of selectors) {
        const depth = document.createElement('div');
        depth.className = selectorText.split(' ')[0]!.slice(1);
        depth.dataset.depthProbe = '';
        depth.innerHTML = '<span class="schema-name">field</span>';
        field.append(depth);
      }
      return selectors.length;
    });
    expect(depths).toBeGreaterThanOrEqual(2);
    expect(blockingViolations(await axeViolations(page, '[data-depth-probe]'))).toEqual([]);
  });
});

describe('where each fact comes from', () => {
  const loaded = sharedLoads();
  const published = bundledSpec();
  /** What an inferred mark shows when pressed (its reason), and that the reason is not on the page before. */
  async function pressMark(page: Page, mark: Locator): Promise<string> {
    await mark.scrollIntoViewIfNeeded();
    await expect(mark.innerText()).resolves.toMatch(/Inferred/);
    await mark.click();
    const box = page.locator('#inferred-reason');
    await box.waitFor({ state: 'visible' });
    await expect(mark.getAttribute('aria-expanded')).resolves.toBe('true');
    const reason = await box.innerText();
    await page.keyboard.press('Escape');
    return reason;
  }

  it("marks every inferred field, with the spec's reason one click away and not inline", async () => {
    const inferred = (name: string, prefix: string) =>
      Object.entries<any>(deref(published, published.components.schemas[name]).properties)
        .filter(([, p]) => typeof p['x-inferred'] === 'string')
        .map(([field, p]) => ({ id: `${prefix}/${field.toLowerCase()}`, reason: p['x-inferred'] as string }));
    const fields = [...inferred('Call', 'data[]'), ...inferred('CallParticipant', 'participants[]')];
    expect(fields.length).toBeGreaterThan(0);
    const page = await loaded('#/calls/get-call');
    await scrollToResponses(page);
    await page.locator(`${response}[id$="/participants"]`).first().scrollIntoViewIfNeeded();
    const wrong: string[] = [];
    for (const { id, reason } of fields) {
      const row = page.locator(`${response}[id$="${id}"]`).first();
      const drawn = await row.waitFor({ state: 'attached' }).then(
        () => true,
        () => false,
      );
      if (!drawn) {
        wrong.push(`${id}: no row`);
        continue;
      }
      await row.scrollIntoViewIfNeeded();
      if ((await row.innerText()).replace(/\s+/g, ' ').includes(reason)) wrong.push(`${id}: the reason inline`);
      const marks = row.locator('a.inferred-mark');
      if ((await marks.count()) === 0) {
        wrong.push(`${id}: no mark`);
        continue;
      }
      const shown = await pressMark(page, marks.first());
      if (shown !== reason) wrong.push(`${id}: shows "${shown}"`);
    }
    expect(wrong).toEqual([]);
  });

  it("marks an inferred example in the picker and gives the spec's reason one click away", async () => {
    const examples = Object.values<any>(getCall.responses['200'].content['application/json'].examples).map((e) =>
      deref(published, e),
    );
    const marked = examples.filter((e) => typeof e['x-inferred'] === 'string');
    expect(marked.length).toBeGreaterThan(0);
    const page = await loaded('#/calls/get-call');
    const samples = page.locator('.panel-response-samples').first();
    const pick = async (item: Locator) => {
      await samples.getByRole('button', { name: /^Example/ }).click();
      await item.click();
    };
    onTestFinished(() => pick(page.getByRole('menuitem').first())); // the example a fresh load shows
    for (const example of marked) {
      await pick(page.getByRole('menuitem').filter({ hasText: `${example.summary} (inferred)` }));
      await expect(samples.innerText()).resolves.not.toContain(example['x-inferred']);
      await expect(pressMark(page, samples.locator('a.inferred-mark').first())).resolves.toBe(example['x-inferred']);
    }
  });

  it("marks the service's domain, the management host and the mock's 401, each with the spec's reason", async () => {
    const variables = [
      ...published.servers,
      ...Object.values<any>(published.paths).flatMap((item) => item.servers ?? []),
    ].flatMap((server: any) => Object.values<any>(server.variables ?? {}));
    const values = new Map(
      variables.filter((v) => typeof v['x-inferred'] === 'string').map((v) => [v.default as string, v['x-inferred']]),
    );
    expect(values.size, 'server variables the spec marks inferred').toBeGreaterThan(1);
    const page = await loaded('#/section/addresses-and-regions');
    for (const [value, reason] of values) {
      const code = page.locator('#redoc code', { hasText: value }).first();
      await code.waitFor({ state: 'attached' });
      const mark = code.locator('xpath=following-sibling::a[contains(@class, "inferred-mark")][1]');
      await expect(pressMark(page, mark), value).resolves.toBe(reason);
    }
    const missingKey = deref(published, published.components.securitySchemes.apiKey)['x-missing-key'];
    await show(page, '#/section/getting-started');
    const paragraph = page.locator('#redoc p', { hasText: `it answers ${missingKey.status}` }).first();
    await expect(pressMark(page, paragraph.locator('a.inferred-mark').first())).resolves.toBe(missingKey['x-inferred']);
  });
});

describe('small things', () => {
  const loaded = sharedLoads();
  it("says in words what the spec's keywords mean, draws no 'any additional property' row, and links nowhere outside", async () => {
    const texts: string[] = [];
    for (const hash of ['', '#/calls/get-call']) {
      const page = hash ? await loaded(hash) : await open(); // the entry point: a load of its own
      if (hash) await getCallHeading(page).waitFor();
      else onTestFinished(() => page.close());
      texts.push(await page.locator('#redoc').innerText());
      const outside = await page.evaluate(() =>
        [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!).filter((h) => /^https?:/.test(h)),
      );
      expect(outside, `links out of the page at ${hash || '(no hash)'}`).toEqual([]);
    }
    const text = texts.join('\n');
    expect(text).not.toMatch(/additionalProperties|any additional property/);
    // An extension's name appears only as a note for tools, after the words that say what it means.
    const mentions = text.match(/.{0,20}x-(absent-means|replaced-by)/g) ?? [];
    expect(mentions.filter((m) => !m.includes('for tools, '))).toEqual([]);
    expect(text).not.toMatch(/in its description\s+Get Call/); // a sentence ends before the next starts
  });
});

describe('downloads', () => {
  it('offers the published bundle as YAML and JSON, byte for byte, next to the page', async () => {
    const page = await open();
    const links = await page.evaluate(() => [
      ...new Set([...document.querySelectorAll('a[href^="download/"]')].map((a) => a.getAttribute('href')!)),
    ]);
    expect(links.sort()).toEqual(['download/openapi.json', 'download/openapi.yaml']);
    for (const link of links) {
      const format = link.endsWith('.json') ? 'json' : 'yaml';
      const file = fileURLToPath(new URL(link, docsUrl));
      expect(readFileSync(file).equals(readFileSync(bundledSpecPath(format))), link).toBe(true);
    }
    await page.close();
  });
});

describe('the whole session', () => {
  it('sent no request beyond loopback and logged no console error', () => {
    expect(docs.blockedRequests).toEqual([]);
    expect(docs.consoleErrors).toEqual([]);
  });
});
