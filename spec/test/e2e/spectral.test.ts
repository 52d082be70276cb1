// Spectral's `spectral:oas` (the ruleset other-language teams run) through its CLI, on the bundle
// and on a spec grown past the 64 KiB a pipe holds: `pnpm lint:spectral` lints a file.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ADDRESSES, bundledSpecPath, operationsOf } from '../../index.js';
import { localBin } from '../support/local-bin.js';

const run = promisify(execFile);
const specDir = resolve(import.meta.dirname, '../..');
/** The bundle's operations: Spectral's time grows with them. */
const operationCount = operationsOf(JSON.parse(readFileSync(bundledSpecPath('json'), 'utf8'))).length;
/** A bound on a hang, not a speed goal: a minute, and half a second more per operation (500 at the platform's size). */
const timeout = 60_000 + operationCount * 500;

describe("Spectral's spectral:oas on the bundle", { timeout }, () => {
  interface SpectralResult {
    code: string;
    message: string;
    path: string[];
    severity: number; // 0 error, 1 warning, 2 info, 3 hint
  }
  const work = mkdtempSync(join(tmpdir(), 'spec-spectral-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** Spectral's findings on a document; it exits 1 on findings, which is not a failure here. */
  async function spectral(document: object, ruleset = join(specDir, '.spectral.yaml')): Promise<SpectralResult[]> {
    const file = join(work, `${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(document));
    const bin = localBin(specDir, 'spectral', '@stoplight/spectral-cli');
    const { stdout } = await run(bin, ['lint', file, '--ruleset', ruleset, '--format', 'json', '--quiet']).catch(
      (error: { code?: number; stdout?: string; stderr?: string }) => {
        if (error.code === 1 && error.stdout) return { stdout: error.stdout };
        throw new Error(`spectral crashed (exit ${error.code}):\n${error.stdout}\n${error.stderr}`);
      },
    );
    return JSON.parse(stdout);
  }
  const bundle = () => JSON.parse(readFileSync(join(specDir, 'dist/openapi.json'), 'utf8'));

  it('finds nothing, warnings included', async () => {
    expect((await spectral(bundle())).map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`)).toEqual([]);
  });

  it('catches an array without items, as the recordings of a recorded call once were', async () => {
    const spec = bundle();
    delete spec.components.schemas.Call.then.properties.recordings.items;
    const results = await spectral(spec);
    expect(results.map((r) => [r.code, r.severity, r.path.join('.')])).toEqual([
      ['array-items', 0, 'components.schemas.Call.then.properties.recordings'],
    ]);
  });

  it('silences one rule only, and it reports nothing but the 3.1 key-scope roles (stoplightio/spectral#2643)', async () => {
    const unmodified = join(work, 'spectral-oas.yaml');
    writeFileSync(unmodified, 'extends: ["spectral:oas"]\n');
    const results = await spectral(bundle(), unmodified);
    expect(results.length).toBeGreaterThan(0);
    expect(new Set(results.map((r) => r.code))).toEqual(new Set(['oas3-operation-security-defined']));
    for (const result of results)
      expect(result.message).toMatch(/^"(fullAccess|authOnly)" must be listed among scopes\.$/);
  });
});

describe('pnpm lint:spectral on a spec grown past 64 KiB', { timeout }, () => {
  // Spectral 6 reading its input from a pipe dies with EAGAIN once the input passes the 64 KiB
  // pipe buffer (about 20 operations of this spec); the script must lint a file instead.
  const copy = mkdtempSync(join(tmpdir(), 'spec-grown-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));
  const skipped = new Set(['node_modules', 'dist', 'test']);
  cpSync(specDir, copy, {
    recursive: true,
    filter: (from) => !skipped.has(from.slice(specDir.length + 1).split('/')[0]!),
  });
  symlinkSync(join(specDir, 'node_modules'), join(copy, 'node_modules'));
  const root = join(copy, 'openapi.yaml');
  const paragraph = '    A paragraph that grows the document the way a few dozen operations would.\n';
  const grown = readFileSync(root, 'utf8').replace(/^paths:$/m, `x-filler: |\n${paragraph.repeat(2000)}paths:`);
  writeFileSync(root, grown);

  /** Runs the package's `lint:spectral` script in the copy, as `pnpm run` would (its .bin on PATH). */
  async function lintSpectral(): Promise<{ code: number; output: string }> {
    const script = JSON.parse(readFileSync(join(specDir, 'package.json'), 'utf8')).scripts['lint:spectral'];
    const env = { ...process.env, PATH: `${join(copy, 'node_modules/.bin')}:${process.env.PATH}`, NO_COLOR: '1' };
    return run('sh', ['-c', script], { cwd: copy, env }).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? -1,
        output: `${error.stdout}${error.stderr}`,
      }),
    );
  }

  it('lints the grown bundle (over 64 KiB) and finds nothing', async () => {
    expect(Buffer.byteLength(grown)).toBeGreaterThan(128 * 1024);
    const { code, output } = await lintSpectral();
    expect(output).not.toMatch(/EAGAIN/);
    expect({ code, output }).toMatchObject({ code: 0, output: expect.stringContaining('No results with a severity') });
  });

  it('still fails on a finding in the grown bundle', async () => {
    const call = join(copy, 'components/schemas/Call.yaml');
    const original = readFileSync(call, 'utf8');
    writeFileSync(
      call,
      original.replace(
        /(recordings:\n\s+type: array\n\s+description: Required when[^\n]*\n)\s+items:\n\s+\$ref: CallRecording.yaml\n/,
        '$1',
      ),
    );
    try {
      const { code, output } = await lintSpectral();
      expect(code).toBe(1);
      expect(output).toMatch(/array-items/);
    } finally {
      writeFileSync(call, original);
    }
  });
});

describe('the OpenAPI 3.0.3 companions under Spectral', { timeout }, () => {
  const work = mkdtempSync(join(tmpdir(), 'spec-derived-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const read = (where: { address?: (typeof ADDRESSES)[number]; openapi: '3.1' | '3.0' }) =>
    JSON.parse(readFileSync(bundledSpecPath('json', where), 'utf8'));
  const companions = [undefined, ...ADDRESSES].map((address) => ({ address, openapi: '3.0' as const }));

  /** Spectral's spectral:oas findings (its 3.0 schema check `oas3-schema` included) on files. */
  async function spectral(files: string[]): Promise<string[]> {
    const bin = localBin(specDir, 'spectral', '@stoplight/spectral-cli');
    const args = ['lint', ...files, '--ruleset', join(specDir, '.spectral.yaml'), '--format', 'json', '--quiet'];
    const { stdout } = await run(bin, args).catch((error: { code?: number; stdout?: string; stderr?: string }) => {
      if (error.code === 1 && error.stdout) return { stdout: error.stdout };
      throw new Error(`spectral crashed (exit ${error.code}):\n${error.stdout}\n${error.stderr}`);
    });
    return JSON.parse(stdout).map((r: any) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
  }

  it('are valid OpenAPI 3.0 for Spectral, warnings included, and a 3.1 keyword left in one is caught', async () => {
    expect(await spectral(companions.map((where) => bundledSpecPath('json', where)))).toEqual([]);
    const broken = read({ openapi: '3.0' });
    broken.components.schemas.Call.if = read({ openapi: '3.1' }).components.schemas.Call.if;
    const file = join(work, 'broken.json');
    writeFileSync(file, JSON.stringify(broken));
    expect(await spectral([file])).toEqual(expect.arrayContaining([expect.stringMatching(/^oas3-schema .*"if"/)]));
  });
});
