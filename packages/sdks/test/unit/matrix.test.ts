// The README's matrix is built from the test results: a failed or skipped check cannot show as passing.
import { describe, expect, test } from 'vitest';
import { matrixFrom, TABLES } from '../../scripts/matrix.mjs';

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

describe('the peer matrix', () => {
  const peers = TABLES.find((table) => table.suite === 'peer-generators.test.ts')!;
  const report = (status: string) => ({
    testResults: [
      {
        name: '/x/test/peer-generators.test.ts',
        assertionResults: [
          result('hey-api', 'Get Call reaches the Calls host by default', status),
          result('oapi-codegen', 'Get Call reaches the Calls host by default', 'passed'),
        ],
      },
    ],
  });

  test("a known defect failing as expected names the tool's issue; any other check is its status", () => {
    expect(matrixFrom(report('passed'), peers).split('\n')).toEqual([
      '| check | hey-api | oapi-codegen |',
      '|---|---|---|',
      '| Get Call reaches the Calls host by default | no ([hey-api/hey-api#1549](https://github.com/hey-api/hey-api/issues/1549)) | pass |',
    ]);
  });

  test('a known defect whose expected failure did not happen shows FAIL', () => {
    expect(matrixFrom(report('failed'), peers)).toContain('| FAIL | pass |');
  });
});
