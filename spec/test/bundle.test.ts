// The bundle other-language teams and every package consume: `redocly bundle` is reproducible (a
// diff must mean a change), and what the package exports is one self-contained document that
// carries every operation of the sources, the same as YAML and as JSON.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { HTTP_METHODS } from '../index.js';
import { localBin } from './local-bin.js';

const run = promisify(execFile);
const specDir = resolve(import.meta.dirname, '..');
const outputs = ['openapi.yaml', 'openapi.json'];

/** Bundles the `main` API of redocly.yaml into `outDir`, as YAML and as JSON. */
async function bundleInto(outDir: string): Promise<Record<string, Buffer>> {
  const redocly = localBin(specDir, 'redocly', '@redocly/cli');
  for (const file of outputs) await run(redocly, ['bundle', 'main', '--output', join(outDir, file)], { cwd: specDir });
  return Object.fromEntries(outputs.map((f) => [f, readFileSync(join(outDir, f))]));
}

describe('redocly bundle', () => {
  const dirs = [mkdtempSync(join(tmpdir(), 'spec-bundle-a-')), mkdtempSync(join(tmpdir(), 'spec-bundle-b-'))];
  let first: Record<string, Buffer>;
  let second: Record<string, Buffer>;

  beforeAll(async () => {
    [first, second] = await Promise.all(dirs.map(bundleInto));
  });
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it.each(outputs)('writes byte-identical %s on two runs', (file) => {
    expect(first[file].length).toBeGreaterThan(1000);
    expect(first[file].equals(second[file])).toBe(true);
  });
});

describe('the bundle the package exports', () => {
  const require = createRequire(join(specDir, 'package.json'));
  const json = require('@chatplatform/spec/openapi.json');
  const yaml = parseYaml(readFileSync(require.resolve('@chatplatform/spec/openapi.yaml'), 'utf8'));

  it('is the same OpenAPI 3.1 document as YAML and as JSON', () => {
    expect(json.openapi).toBe('3.1.0');
    expect(yaml).toEqual(json);
  });

  it('is self-contained: every $ref points inside it and resolves', () => {
    const refs = [...JSON.stringify(json).matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(10);
    const unresolved = refs.filter((ref) => {
      if (!ref.startsWith('#/')) return true;
      const keys = ref
        .slice(2)
        .split('/')
        .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
      return keys.reduce<any>((at, key) => at?.[key], json) === undefined;
    });
    expect(unresolved).toEqual([]);
  });

  it('carries every path and operation of the sources, with its operationId', () => {
    const root = parseYaml(readFileSync(join(specDir, 'openapi.yaml'), 'utf8'));
    const operationsOf = (item: Record<string, { operationId?: string }>) =>
      Object.fromEntries(HTTP_METHODS.filter((m) => item[m]).map((m) => [m, item[m]!.operationId]));
    for (const [path, { $ref }] of Object.entries<{ $ref: string }>(root.paths)) {
      const source = parseYaml(readFileSync(join(specDir, $ref), 'utf8'));
      expect(operationsOf(json.paths[path] ?? {}), path).toEqual(operationsOf(source));
    }
    expect(Object.keys(json.paths)).toEqual(Object.keys(root.paths));
  });
});
