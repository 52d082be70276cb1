// `redocly bundle` is reproducible (two runs give the same bytes), and the package exports the
// bundle the build wrote. Other-language teams consume these files, so a diff must mean a change.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBin } from './local-bin.js';

const run = promisify(execFile);
const specDir = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(specDir, 'package.json'), 'utf8'));
const outputs = ['openapi.yaml', 'openapi.json'];

/** Runs the package's own `bundle` script with its `dist/` outputs redirected to `outDir`. */
async function bundleInto(outDir: string): Promise<Record<string, Buffer>> {
  const redocly = localBin(specDir, 'redocly', '@redocly/cli');
  for (const command of String(pkg.scripts.bundle).split('&&')) {
    const [bin, ...args] = command.trim().split(/\s+/);
    expect(bin, 'the bundle script runs redocly commands only').toBe('redocly');
    await run(redocly, args.map((a) => a.replace(/^dist\//, `${outDir}/`)), { cwd: specDir });
  }
  return Object.fromEntries(outputs.map((f) => [f, readFileSync(join(outDir, f))]));
}

describe('redocly bundle', () => {
  const dirs = [mkdtempSync(join(tmpdir(), 'spec-bundle-a-')), mkdtempSync(join(tmpdir(), 'spec-bundle-b-'))];
  let first: Record<string, Buffer>;
  let second: Record<string, Buffer>;

  beforeAll(async () => {
    [first, second] = await Promise.all(dirs.map(bundleInto));
  });
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it.each(outputs)('writes byte-identical %s on two runs', (file) => {
    expect(first[file].length).toBeGreaterThan(1000);
    expect(first[file].equals(second[file])).toBe(true);
  });

  it('writes the same document as YAML and as JSON', () => {
    const json = JSON.parse(first['openapi.json'].toString('utf8'));
    expect(json.openapi).toBe('3.1.0');
    expect(parseYaml(first['openapi.yaml'].toString('utf8'))).toEqual(json);
  });

  it('matches what the build wrote to dist/ (stale dist: run `pnpm build`)', () => {
    for (const file of outputs) {
      expect(readFileSync(join(specDir, 'dist', file)).equals(first[file]), `dist/${file}`).toBe(true);
    }
  });
});

describe('the package exports', () => {
  const require = createRequire(join(specDir, 'package.json'));

  it('point at the bundled JSON and YAML in dist/', () => {
    expect(require.resolve('@chatplatform/spec/openapi.json')).toBe(join(specDir, 'dist/openapi.json'));
    expect(require.resolve('@chatplatform/spec/openapi.yaml')).toBe(join(specDir, 'dist/openapi.yaml'));
    expect(pkg.files).toEqual(expect.arrayContaining(['dist/openapi.json', 'dist/openapi.yaml']));
  });

  it('give consumers the bundled document', () => {
    const exported = require('@chatplatform/spec/openapi.json');
    expect(exported.paths['/calls/{sessionId}'].get.operationId).toBe('get-call');
    expect(exported).toEqual(JSON.parse(readFileSync(join(specDir, 'dist/openapi.json'), 'utf8')));
  });
});
