// Search snippets of the built page, in Chromium: the space the reading fixes keep at each wrapped
// line (scripts/reading/search-spacing.js, unit-tested in test/unit/reading.test.ts) survives the
// page's search index. One load of the page; each test closes the search it opened.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundledSpec, type DocsBrowser, docsUrl, launchDocsBrowser, searchSnippets } from '../support/docs.js';

const published = bundledSpec();
const words = (markdown: string) => markdown.replace(/[`*]/g, '').split(/\s+/).filter(Boolean);

/** [last word of a cell or item, first word of the next] for each table row and list of `markdown`. */
function adjacentWords(markdown: string): [string, string][] {
  const pairs: [string, string][] = [];
  const cellsOf = (line: string) => line.split('|').slice(1, -1).map(words);
  const items: string[][] = [];
  for (const line of markdown.split('\n')) {
    if (/^\|/.test(line) && !/^\|[\s:|-]+$/.test(line)) {
      const cells = cellsOf(line).filter((cell) => cell.length);
      for (let i = 1; i < cells.length; i++) pairs.push([cells[i - 1]!.at(-1)!, cells[i]![0]!]);
    }
    if (/^\s*([-*]|\d+\.)\s/.test(line)) items.push(words(line.replace(/^\s*([-*]|\d+\.)\s/, '')));
    else if (!line.trim() || !/^\s/.test(line)) items.length = 0; // the list ended
    if (items.length > 1) pairs.push([items.at(-2)!.at(-1)!, items.at(-1)![0]!]);
  }
  return pairs;
}

describe('search snippets, in Chromium', () => {
  let docs: DocsBrowser;
  let page: Page;
  beforeAll(async () => {
    docs = await launchDocsBrowser();
    page = await docs.newPage({ width: 1400, height: 900 });
    // At Get Call's address: the search holds the guide and the text of the area loaded (Get Call's
    // description has "individual metrics"), scripts/areas.mjs.
    await page.goto(`${docsUrl}#/calls/get-call`);
  });
  afterEach(async () => {
    await page.keyboard.press('Escape');
  });
  afterAll(async () => {
    await docs?.close();
  });

  it('keep the space where the spec wraps a line ("individual metrics")', async () => {
    const snippets = (await searchSnippets(page, 'individual')).join('\n');
    expect(snippets).toContain('individual metrics');
    expect(snippets).not.toMatch(/individualmetrics/);
  });

  it('keep the words of two table cells or two list items apart', async () => {
    const pairs = adjacentWords(published.info.description);
    expect(pairs.length).toBeGreaterThan(10);
    const snippets: string[] = [];
    for (const term of ['prototyping', 'data center']) {
      snippets.push(...(await searchSnippets(page, term)));
      await page.keyboard.press('Escape');
    }
    const text = snippets.join('\n');
    expect(pairs.filter(([a, b]) => text.includes(`${a} ${b}`)).length, text).toBeGreaterThanOrEqual(2);
    for (const [a, b] of pairs) expect(text, `${a}|${b}`).not.toContain(`${a}${b}`);
  });
});
