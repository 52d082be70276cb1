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
const MARK = { passed: 'pass', failed: 'FAIL' };

/**
 * A known defect's test passes when the check fails as expected: the cell says "no" and names the
 * tool's issue, or says that the tool's tracker has none.
 */
function peerCell(tool, check, status) {
  const defect = knownDefect(tool, check);
  if (!defect || status !== 'passed') return MARK[status] ?? 'not run';
  const match = /github\.com\/([^/]+\/[^/]+)\/issues\/(\d+)/.exec(defect.issue ?? '');
  if (match) return `no ([${match[1]}#${match[2]}](${defect.issue}))`;
  const tracker = /github\.com\/([^/]+\/[^/]+)\/issues$/.exec(defect.tracker ?? '');
  return tracker ? `no (no issue in [${tracker[1]}](${defect.tracker})'s tracker)` : 'no (below)';
}

const SMOKE_TABLE = {
  suite: 'driver-smoke.test.ts',
  marker: 'smoke-matrix',
  cell: (_lang, _check, status) => MARK[status] ?? 'not run',
};
export const TABLES = [SMOKE_TABLE, { suite: 'peer-generators.test.ts', marker: 'peer-matrix', cell: peerCell }];

/** Rows (checks) × columns (the suite's top-level groups) from a vitest JSON report, in the order the tests ran. */
export function matrixFrom(report, table = SMOKE_TABLE) {
  const suite = report.testResults?.find((file) => file.name.endsWith(table.suite));
  if (!suite) throw new Error(`${RESULTS} holds no results of test/${table.suite}: run the package's tests first.`);
  const columns = [];
  const checks = [];
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

function markers(table) {
  return { begin: `<!-- ${table.marker}:begin (scripts/matrix.mjs --write) -->`, end: `<!-- ${table.marker}:end -->` };
}

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

/** The tables whose suite the report holds: --write takes those (a run of one test file rewrites its table), --check needs all. */
function tablesIn(report, mode) {
  const ran = TABLES.filter((table) => report.testResults?.some((file) => file.name.endsWith(table.suite)));
  if (mode === '--write' && ran.length > 0) return ran;
  return TABLES;
}

function main(mode) {
  const report = JSON.parse(readFileSync(RESULTS, 'utf8'));
  let readme = readFileSync(README, 'utf8');
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
  } catch (/** @type {any} */ error) {
    console.error(error.message);
    process.exit(1);
  }
}
