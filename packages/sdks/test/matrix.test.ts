// The README's matrix is built from the test results: a failed or skipped check cannot show as passing.
import { describe, expect, test } from 'vitest';
import { matrixFrom } from '../scripts/matrix.mjs';

const result = (lang: string, title: string, status: string) => ({ ancestorTitles: [lang], title, status });

describe('matrixFrom', () => {
  test('one row per check, one column per language, each cell its test status', () => {
    const report = {
      testResults: [
        {
          name: '/x/test/driver-smoke.test.ts',
          assertionResults: [
            result('rust', 'Get Call reaches the Calls host by default', 'passed'),
            result('rust', 'reads an initiatedAt after 2038', 'failed'),
            result('kotlin', 'Get Call reaches the Calls host by default', 'skipped'),
          ],
        },
      ],
    };
    expect(matrixFrom(report).split('\n')).toEqual([
      '| check | rust | kotlin |',
      '|---|---|---|',
      '| Get Call reaches the Calls host by default | pass | not run |',
      '| reads an initiatedAt after 2038 | FAIL | not run |',
    ]);
  });

  test('a report without the smoke suite is an error, not an empty matrix', () => {
    expect(() => matrixFrom({ testResults: [{ name: '/x/test/other.test.ts', assertionResults: [] }] })).toThrow(
      /holds no results of test\/driver-smoke\.test\.ts/,
    );
  });
});
