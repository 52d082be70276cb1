// The page a reader opens carries every operation's index entry only (what the sidebar and the
// search need); everything else of an operation, its samples included, is in its area's file,
// dist/areas/<tag>.js (scripts/areas.mjs), loaded when the address names that area. So the page
// stays about the same size however many operations the spec has.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { operationsOf } from '@chatplatform/spec';
import { describe, expect, it } from 'vitest';
import { splitByArea } from '../../scripts/areas.mjs';
import { areaFile, docsDir, docsHtml, operationRoute, renderedSpec } from '../support/docs.js';

const spec = renderedSpec();
const operations = operationsOf(spec);
/** The keys an operation keeps in the page: its sidebar entry and its search hit. */
const INDEX_KEYS = ['tags', 'operationId', 'summary', 'deprecated', 'security'];

describe('the page and its area files', () => {
  it(
    "carry each operation's samples, parameters and responses in its area's file, not in the page",
    () => {
      const html = readFileSync(docsHtml, 'utf8');
      const embedded = JSON.parse(/const __redoc_definition = (\{.*?\});\n/s.exec(html)![1]!);
      const areas = new Map<string, ReturnType<typeof areaFile>>();
      for (const { path, method, operation } of operations) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(
          Object.keys(embedded.paths[path][method]).every((key) => INDEX_KEYS.includes(key)),
          where,
        ).toBe(true);
        for (const sample of operation['x-codeSamples'])
          expect(html.includes(JSON.stringify(sample.source).slice(1, -1)), `${where} ${sample.lang}`).toBe(false);
        const file = join(docsDir, 'dist/areas', `${operationRoute(operation).split('/')[1]}.js`);
        expect(existsSync(file), file).toBe(true);
        const area = areas.get(file) ?? areas.set(file, areaFile(file)).get(file)!; // each file read once
        expect(area.paths[path][method], where).toEqual(operation);
        expect(area.tryIt.map((op: { id: string }) => op.id)).toContain(operation.operationId);
      }
    },
    10_000 + operations.length * 100,
  ); // a bound on a hang, from the spec's size: each sample is looked for in the whole page (5.6 s at 500 operations, 16.7 s beside the whole suite there)

  it('embed in the page a definition that grows by an index entry per operation, not by the operation', () => {
    const grown = structuredClone(spec);
    const copies = Math.ceil(200 / operations.length); // 200 operations added at least, whatever the spec's size
    for (let i = 0; i < copies; i++) {
      for (const { path, method, operation } of operations) {
        const copy = { ...operation, operationId: `${operation.operationId}-${i}` };
        grown.paths[`${path}/copy-${i}`] = { ...grown.paths[`${path}/copy-${i}`], [method]: copy };
      }
    }
    const size = (value: unknown) => JSON.stringify(value).length;
    const added = copies * operations.length;
    const specPerOperation = (size(grown) - size(spec)) / added;
    const pagePerOperation = (size(splitByArea(grown).page) - size(splitByArea(spec).page)) / added;
    expect(specPerOperation).toBeGreaterThan(5_000); // each copy brings its samples, responses and all
    expect(pagePerOperation).toBeLessThan(400);
  });
});
