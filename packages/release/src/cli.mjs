#!/usr/bin/env node
// `release`: gate, changelog, commit, tag and artifacts (pnpm release at the root).
// `build`: the artifacts of the checked-out commit only, into dist/ (CI, and after a release).
import { parseArgs } from 'node:util';
import { buildRelease } from './build.mjs';
import { release } from './release.mjs';

const usage = 'usage: node src/cli.mjs release [--date YYYY-MM-DD] | build';

try {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { date: { type: 'string' } } });
  const [command] = positionals;
  if (values.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) {
    throw new Error(`--date must be YYYY-MM-DD, got "${values.date}"`);
  }
  if (command === 'release') await release({ date: values.date });
  else if (command === 'build') await buildRelease();
  else {
    console.error(usage);
    process.exit(2);
  }
} catch (error) {
  console.error(`release: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
