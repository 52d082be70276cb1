// `redocly bundle` through the CLI, as the package's bundle step runs it, is reproducible: a diff
// of the bundle must mean a change of the API.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBin } from '../support/local-bin.js';

const run = promisify(execFile);
const specDir = resolve(import.meta.dirname, '../..');
const outputs = ['openapi.yaml', 'openapi.json'];

/** Bundles the `main` API of redocly.yaml into `outDir`, as YAML and as JSON. */
async function bundleInto(outDir: string): Promise<Record<string, Buffer>> {
  const redocly = localBin(specDir, 'redocly', '@redocly/cli');
  for (const file of outputs) await run(redocly, ['bundle', 'main', '--output', join(outDir, file)], { cwd: specDir });
  return Object.fromEntries(outputs.map((f) => [f, readFileSync(join(outDir, f))]));
}

describe('redocly bundle', () => {
  const dirs = [mkdtempSync(join(tmpdir(), 'spec-bundle-a-')), mkdtempSync(join(tmpdir(), 'spec-bundle-b-'))];
  let first: Record<string, Buffer> = {};
  let second: Record<string, Buffer> = {};

  beforeAll(async () => {
    [first = {}, second = {}] = await Promise.all(dirs.map(bundleInto));
  });
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it.each(outputs)('writes byte-identical %s on two runs', (file) => {
    expect(first[file]?.length).toBeGreaterThan(1000);
    expect(first[file]?.equals(second[file] ?? Buffer.alloc(0))).toBe(true);
  });
});
