// "Getting started" (scripts/getting-started.md, written into the docs' copy of the bundle by the
// code-samples decorator): its first call is the very curl sample test/e2e/samples.test.ts runs, and it
// says how to get the client of every language the page shows samples in.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SPACE } from '../../scripts/reading/search-spacing.js';
import { bundledSpec, docsHtml, renderedSpec } from '../support/docs.js';

const spec = renderedSpec();
/** The guide as written: without the encoded spaces that keep search snippets' cells apart. */
const description: string = spec.info.description.replaceAll(SPACE, '');
const getCall = spec.paths['/calls/{sessionId}'].get;
const section = description.slice(description.indexOf('## Getting started'), description.indexOf('## Addresses'));

describe('Getting started', () => {
  it("comes after the spec's introduction, before its first section, in the docs' copy only", () => {
    expect(description.indexOf('## Getting started')).toBeGreaterThan(0);
    expect(description.indexOf('## Getting started')).toBeLessThan(description.indexOf('## Addresses'));
    expect(bundledSpec().info.description).not.toContain('## Getting started');
  });

  it("shows Get Call's curl sample, the one the sample tests run against the mock", () => {
    const curl = getCall['x-codeSamples'].find((s: { label: string }) => s.label === 'curl').source;
    const shown = curl
      .split('\n')
      .map((line: string) => `   ${line}`)
      .join('\n');
    expect(section).toContain(shown);
  });

  it('tells how to install or generate the client of every language the samples are in', () => {
    for (const { label } of getCall['x-codeSamples'])
      expect(section).toMatch(new RegExp(`^ {3}\\| ${label} \\| \\S`, 'm'));
    expect(section).toContain(`chatplatform-client:${spec.info.version}`);
  });

  it('is in the rendered page once, under its own heading', () => {
    const headings = readFileSync(docsHtml, 'utf8').match(/<span>Getting started<\/span><\/div><\/h2>/g);
    expect(headings).toHaveLength(1);
  });
});
