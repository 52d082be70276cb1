// The reading fixes the docs make on their copy of the bundle (scripts/reading/): a conditional
// schema shown as one type, the areas without an operation as one table instead of empty
// sections, and descriptions whose search snippets keep the space at each wrapped line.
import { readFileSync } from 'node:fs';
import { HTTP_METHODS, operationsOf } from '@chatplatform/spec';
import { describe, expect, it } from 'vitest';
import { conditionalSentence } from '../../scripts/reading/conditional-as-prose.js';
import { SPACE, spaceBlocks } from '../../scripts/reading/search-spacing.js';
import { unspecifiedAreas } from '../../scripts/reading/unspecified-areas.js';
import { unwrapLines } from '../../scripts/reading/unwrap-lines.js';
import { bundledSpec, docsHtml, renderedSpec } from '../support/docs.js';

const spec = renderedSpec();
const published = bundledSpec();
const operationTags = (document: any) =>
  new Set(operationsOf(document).flatMap(({ operation }) => operation.tags ?? []));

describe('the license', () => {
  it('is named on the page by its name, while the published bundle keeps its SPDX identifier', () => {
    expect(published.info.license.identifier).toMatch(/^LicenseRef-/);
    expect(spec.info.license).toEqual({ name: published.info.license.name });
    const page = readFileSync(docsHtml, 'utf8');
    expect(page).not.toMatch(/>\s*(<!-- -->)?LicenseRef-/);
  });
});

describe("Call's if/then/else", () => {
  it('is one type on the page: no alternatives, the condition on the field it makes required', () => {
    const call = spec.components.schemas.Call;
    expect(call.if).toBeUndefined();
    expect(call.else).toBeUndefined();
    expect(call.description).toContain('**Conditional:** when `hasRecording` is `true`, `recordings` is required.');
    expect(call.properties.recordings.description).toContain('Required when `hasRecording` is `true`.');
    expect(published.components.schemas.Call.if).toBeDefined(); // validators and generators keep it
  });

  it('of a shape the docs cannot say in a sentence fails the build, naming the schema', () => {
    // A JSON Schema keyword, not a thenable: parsed as the spec's YAML would be.
    const unreadable = JSON.parse(
      '{"properties":{"a":{}},"if":{"properties":{"a":{"minimum":3}}},"then":{"required":["a"]}}',
    );
    expect(() => conditionalSentence(unreadable, 'schema at #/components/schemas/X')).toThrow(
      /#\/components\/schemas\/X: the docs show a schema's if\/then\/else as one sentence only/,
    );
  });
});

describe('areas without an operation', () => {
  it('leave the navigation: every tag and tag group left on the page has an operation', () => {
    const used = operationTags(spec);
    expect(spec.tags.length).toBeGreaterThan(0);
    expect(spec.tags.map((t: { name: string }) => t.name).filter((n: string) => !used.has(n))).toEqual([]);
    for (const group of spec['x-tagGroups']) for (const name of group.tags) expect(used.has(name), name).toBe(true);
  });

  it("are this spec's rows of the guide's table, each with its description", () => {
    // None at the platform's size, when every area has operations: the next test covers the reading.
    const unused = published.tags.filter((tag: { name: string }) => !operationTags(published).has(tag.name));
    const guide = spec.info.description.replaceAll(SPACE, ''); // the search's cell spacing, apart
    const table = guide.slice(guide.indexOf('## Areas not specified yet'));
    for (const tag of unused) expect(table, tag.name).toMatch(rowOf(tag));
  });

  it('are taken out of the tags and tag groups into one table at the end of the guide', () => {
    const document = {
      info: { description: 'The guide.' },
      tags: [
        { name: 'Calls', description: 'Call records.' },
        { name: 'Polls', description: 'Polls in a group. Its operations are not specified in this spec yet.' },
      ],
      'x-tagGroups': [
        { name: 'Chat', tags: ['Calls', 'Polls'] },
        { name: 'Later', tags: ['Polls'] },
      ],
      paths: { '/calls': { get: { tags: ['Calls'] } } },
    };
    const visitor = unspecifiedAreas(HTTP_METHODS)() as { Root: { leave(root: unknown): void } };
    visitor.Root.leave(document);
    expect(document.tags.map((tag) => tag.name)).toEqual(['Calls']);
    expect(document['x-tagGroups']).toEqual([{ name: 'Chat', tags: ['Calls'] }]);
    expect(document.info.description).toMatch(/^The guide\.\n\n## Areas not specified yet\n/);
    expect(document.info.description).toContain('\n| Polls | Polls in a group. |\n');
  });
});

/** The guide table's row of a tag: its name and the first sentence of its description. */
function rowOf(tag: { name: string; description: string }): RegExp {
  const what = tag.description.split('. ')[0]!;
  return new RegExp(`^\\| ${tag.name} \\| ${what.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm');
}

describe('wrapped lines', () => {
  it('are joined within a paragraph and a list item, and kept in tables, lists, headings and code', () => {
    const markdown = [
      'A paragraph wrapped',
      'here.',
      '',
      '- an item wrapped',
      '  here',
      '- next item',
      '',
      '| a | b |',
      '|---|---|',
      '',
      '```sh',
      'curl \\',
      '  --url x',
      '```',
      '## Heading',
      'text',
    ].join('\n');
    expect(unwrapLines(markdown)).toBe(
      [
        'A paragraph wrapped here.',
        '',
        '- an item wrapped here',
        '- next item',
        '',
        '| a | b |',
        '|---|---|',
        '',
        '```sh',
        'curl \\',
        '  --url x',
        '```',
        '## Heading',
        'text',
      ].join('\n'),
    );
  });

  it('leave no line break inside a paragraph of the docs copy', () => {
    const getCall = spec.paths['/calls/{sessionId}'].get;
    expect(getCall.description).toContain('participants with their individual metrics');
  });
});

describe('table cells and list items', () => {
  it('end with an encoded space; delimiter rows, escaped pipes, code and paragraphs stay as they were', () => {
    const markdown = [
      '| a | `b` |',
      '|---|:-:|',
      '| x \\| y | |',
      '',
      '- one',
      '1. two',
      '',
      '```',
      '- code',
      '```',
      'Text.',
    ];
    expect(spaceBlocks(markdown.join('\n'))).toBe(
      [
        `| a${SPACE} | \`b\`${SPACE} |`,
        '|---|:-:|',
        `| x \\| y${SPACE} | |`,
        '',
        `- one${SPACE}`,
        `1. two${SPACE}`,
        '',
        '```',
        '- code',
        '```',
        'Text.',
      ].join('\n'),
    );
    expect(spaceBlocks(spaceBlocks(markdown.join('\n')))).toBe(spaceBlocks(markdown.join('\n')));
  });
});
