// The README's matrices, produced from the test results (vitest's JSON reporter writes
// test-results/vitest.json): the OpenAPI Generator language × check matrix of
// test/e2e/driver-smoke.test.ts and the peer generators' tool × check matrix of
// test/e2e/peer-generators.test.ts.
//   node scripts/matrix.mjs --check   fails when a README matrix differs from the results
//   node scripts/matrix.mjs --write   rewrites the README's matrices from the results (those the run holds)
// A check that did not run shows as "not run", so a skipped language or check cannot look green.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageDir } from './lib/paths.mjs';
import { knownDefect } from './lib/peer-defects.mjs';

export const RESULTS = join(packageDir, 'test-results', 'vitest.json');
const README = join(packageDir, 'README.md');
/** @type {Record<string, string>} a test's status -> its cell */
const MARK = { passed: 'pass', failed: 'FAIL' };

/**
 * The part of vitest's JSON report the matrices read.
 * @typedef {{ ancestorTitles: string[], title: string, status: string }} AssertionResult
 * @typedef {{ testResults?: { name: string, assertionResults: AssertionResult[] }[] }} Report
 * @typedef {{ suite: string, marker: string, cell: (column: string | undefined, check: string, status: string) => string }} Table
 *   `column` is the test's top-level group, undefined for a test outside any
 */

/**
 * A known defect's test passes when the check fails as expected: the cell says "no" and names the
 * tool's issue, or says that the tool's tracker has none.
 * @param {string | undefined} tool
 * @param {string} check
 * @param {string} status
 */
function peerCell(tool, check, status) {
  const defect = knownDefect(tool, check);
  if (!defect || status !== 'passed') return MARK[status] ?? 'not run';
  const match = /github\.com\/([^/]+\/[^/]+)\/issues\/(\d+)/.exec(defect.issue ?? '');
  if (match) return `no ([${match[1]}#${match[2]}](${defect.issue}))`;
  const tracker = /github\.com\/([^/]+\/[^/]+)\/issues$/.exec(defect.tracker ?? '');
  return tracker ? `no (no issue in [${tracker[1]}](${defect.tracker})'s tracker)` : 'no (below)';
}

/** @type {Table} */
const SMOKE_TABLE = {
  suite: 'driver-smoke.test.ts',
  marker: 'smoke-matrix',
  cell: (_lang, _check, status) => MARK[status] ?? 'not run',
};
/** @type {Table[]} */
export const TABLES = [SMOKE_TABLE, { suite: 'peer-generators.test.ts', marker: 'peer-matrix', cell: peerCell }];

/**
 * Rows (checks) × columns (the suite's top-level groups) from a vitest JSON report, in the order the tests ran.
 * @param {Report} report
 * @param {Table} [table]
 * @returns {string} the Markdown table
 */
export function matrixFrom(report, table = SMOKE_TABLE) {
  const suite = report.testResults?.find((file) => file.name.endsWith(table.suite));
  if (!suite) throw new Error(`${RESULTS} holds no results of test/${table.suite}: run the package's tests first.`);
  /** @type {(string | undefined)[]} */
  const columns = [];
  /** @type {string[]} */
  const checks = [];
  /** @type {Map<string, string>} */
  const cells = new Map();
  for (const test of suite.assertionResults) {
    const [column] = test.ancestorTitles;
    if (!columns.includes(column)) columns.push(column);
    if (!checks.includes(test.title)) checks.push(test.title);
    cells.set(`${column}\u0000${test.title}`, table.cell(column, test.title, test.status));
  }
  const header = `| check | ${columns.join(' | ')} |`;
  const rule = `|---|${columns.map(() => '---').join('|')}|`;
  const rows = checks.map(
    (check) => `| ${check} | ${columns.map((c) => cells.get(`${c}\u0000${check}`) ?? 'not run').join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}

/** @param {Table} table */
function markers(table) {
  return { begin: `<!-- ${table.marker}:begin (scripts/matrix.mjs --write) -->`, end: `<!-- ${table.marker}:end -->` };
}

/** @param {string} readme @param {Table} table */
function readmeMatrix(readme, table) {
  const { begin, end } = markers(table);
  const start = readme.indexOf(begin);
  const stop = readme.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`README.md has no matrix between "${begin}" and "${end}".`);
  return {
    before: readme.slice(0, start + begin.length),
    current: readme.slice(start + begin.length, stop).trim(),
    after: readme.slice(stop),
  };
}

/**
 * The tables whose suite the report holds: --write takes those (a run of one test file rewrites its table), --check needs all.
 * @param {Report} report
 * @param {string} mode `--write` or `--check`
 */
function tablesIn(report, mode) {
  const ran = TABLES.filter((table) => report.testResults?.some((file) => file.name.endsWith(table.suite)));
  if (mode === '--write' && ran.length > 0) return ran;
  return TABLES;
}

/** @param {string} mode `--write` or `--check` */
function main(mode) {
  /** @type {Report} */
  const report = JSON.parse(readFileSync(RESULTS, 'utf8'));
  let readme = readFileSync(README, 'utf8');
  /** @type {string[]} */
  const differ = [];
  const tables = tablesIn(report, mode);
  for (const table of tables) {
    const matrix = matrixFrom(report, table);
    const { before, current, after } = readmeMatrix(readme, table);
    if (mode === '--write') readme = `${before}\n${matrix}\n${after}`;
    else if (current !== matrix) differ.push(`${table.marker}:\nResults:\n${matrix}\nREADME:\n${current}`);
  }
  if (mode === '--write') {
    writeFileSync(README, readme);
    console.log(`README.md: ${tables.map((table) => table.marker).join(', ')} written from the test results.`);
  } else if (differ.length > 0) {
    throw new Error(
      `README.md's matrices differ from the test results; run \`node scripts/matrix.mjs --write\`.\n${differ.join('\n')}`,
    );
  } else {
    console.log('README.md: the matrices agree with the test results.');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main(process.argv[2] ?? '--check');
  } catch (error) {
    console.error(/** @type {Error} */ (error).message);
    process.exit(1);
  }
}
