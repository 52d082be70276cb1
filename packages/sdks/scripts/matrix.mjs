// The README's language × check matrix, produced from the smoke drivers' test results
// (test/driver-smoke.test.ts, written by vitest's JSON reporter to test-results/vitest.json).
//   node scripts/matrix.mjs --check   fails when the README's matrix differs from the results
//   node scripts/matrix.mjs --write   rewrites the README's matrix from the results
// A check that did not run shows as "not run", so a skipped language or check cannot look green.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageDir } from './lib/paths.mjs';

export const RESULTS = join(packageDir, 'test-results', 'vitest.json');
const README = join(packageDir, 'README.md');
const SUITE = 'driver-smoke.test.ts';
const BEGIN = '<!-- smoke-matrix:begin (scripts/matrix.mjs --write) -->';
const END = '<!-- smoke-matrix:end -->';
const MARK = { passed: 'pass', failed: 'FAIL' };

/** Rows (languages) × columns (checks) from a vitest JSON report, in the order the tests ran. */
export function matrixFrom(report) {
  const suite = report.testResults?.find((file) => file.name.endsWith(SUITE));
  if (!suite) throw new Error(`${RESULTS} holds no results of test/${SUITE}: run the package's tests first.`);
  const languages = [];
  const checks = [];
  const cells = new Map();
  for (const test of suite.assertionResults) {
    const [lang] = test.ancestorTitles;
    if (!languages.includes(lang)) languages.push(lang);
    if (!checks.includes(test.title)) checks.push(test.title);
    cells.set(`${lang}\u0000${test.title}`, MARK[test.status] ?? 'not run');
  }
  const header = `| check | ${languages.join(' | ')} |`;
  const rule = `|---|${languages.map(() => '---').join('|')}|`;
  const rows = checks.map(
    (check) => `| ${check} | ${languages.map((lang) => cells.get(`${lang}\u0000${check}`) ?? 'not run').join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}

function readmeMatrix(readme) {
  const start = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no matrix between "${BEGIN}" and "${END}".`);
  return {
    before: readme.slice(0, start + BEGIN.length),
    table: readme.slice(start + BEGIN.length, end).trim(),
    after: readme.slice(end),
  };
}

function main(mode) {
  const matrix = matrixFrom(JSON.parse(readFileSync(RESULTS, 'utf8')));
  const readme = readFileSync(README, 'utf8');
  const { before, table, after } = readmeMatrix(readme);
  if (mode === '--write') {
    writeFileSync(README, `${before}\n${matrix}\n${after}`);
    console.log('README.md: smoke matrix written from the test results.');
  } else if (table !== matrix) {
    throw new Error(
      `README.md's smoke matrix differs from the test results; run \`node scripts/matrix.mjs --write\`.\nResults:\n${matrix}\nREADME:\n${table}`,
    );
  } else {
    console.log('README.md: the smoke matrix agrees with the test results.');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main(process.argv[2] ?? '--check');
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
