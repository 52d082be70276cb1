// `redocly lint` through the real CLI and the real redocly.yaml: the spec and its Arazzo workflow
// are clean, and each platform-convention rule is proven by a fixture that breaks it and nothing
// else. Spectral's `spectral:oas` (the ruleset other-language teams run) is clean on the bundle.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import platformPlugin from '../rules/platform.js';
import { localBin } from './local-bin.js';

const run = promisify(execFile);
const specDir = resolve(import.meta.dirname, '..');
const fixturesDir = join(specDir, 'test/fixtures');

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { source: { ref: string }; pointer: string }[];
}
interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Problem[];
}

/** `redocly lint --format=json` prints one JSON report per linted file, back to back. */
function splitJsonReports(text: string): LintReport[] {
  const reports: LintReport[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' && depth++ === 0) start = i;
    else if (c === '}' && --depth === 0) reports.push(JSON.parse(text.slice(start, i + 1)));
  }
  return reports;
}

const config = parseYaml(readFileSync(join(specDir, 'redocly.yaml'), 'utf8'));
const configuredApis = Object.keys(config.apis);

/** Lints files (or every API of redocly.yaml when none are given); lint exits 1 on problems, which is not a failure here. */
async function lint(files: string[] = []): Promise<LintReport[]> {
  const redocly = localBin(specDir, 'redocly', '@redocly/cli');
  const args = ['lint', ...files, '--config', join(specDir, 'redocly.yaml'), '--format=json', '--max-problems=1000'];
  const { stdout, stderr } = await run(redocly, args, {
    cwd: specDir,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
  }).catch((error: { code?: number; stdout?: string; stderr?: string }) => {
    if (error.code === 1 && error.stdout) return { stdout: error.stdout, stderr: error.stderr ?? '' };
    throw new Error(`redocly lint crashed (exit ${error.code}):\n${error.stdout}\n${error.stderr}`);
  });
  const reports = splitJsonReports(stdout);
  // A config or plugin that fails to load prints no report at all.
  const documents = files.length || configuredApis.length;
  if (reports.length !== documents)
    throw new Error(`redocly lint printed ${reports.length} reports for ${documents} documents:\n${stderr}`);
  return reports;
}

const ruleNames = Object.keys(platformPlugin().rules.oas3);

describe('the real spec', () => {
  it('and its Arazzo workflow lint with zero errors and zero warnings', async () => {
    expect(configuredApis).toEqual(['main', 'auth-token-flow']);
    for (const report of await lint()) {
      expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    }
  });

  it('still lints clean once bundled (the rules read one-file documents too)', async () => {
    const [report] = await lint(['dist/openapi.yaml']);
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
  });
});

describe('rule fixtures', () => {
  const fixtures = readdirSync(fixturesDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  // Each breaking fixture's first lines say which rule it breaks and what every report must say:
  // `# Breaks <rule id> only: <what>` and `# Message: <text the message contains>`. Besides the
  // platform rules, recommended-strict.yaml proves that Redocly's recommended rules fail at error.
  const header = (file: string) => readFileSync(join(fixturesDir, file), 'utf8');
  const brokenRule = (file: string) => /^# Breaks ((?:platform\/)?[a-z0-9-]+) only:/.exec(header(file))?.[1];
  const expectedMessage = (file: string) => /^# Message: (.+)$/m.exec(header(file))?.[1];
  const breaking = fixtures.filter((f) => f !== 'valid.yaml');
  let problemsByFile: Map<string, Problem[]>;

  beforeAll(async () => {
    const reports = await lint(fixtures.map((f) => `test/fixtures/${f}`));
    problemsByFile = new Map(fixtures.map((f) => [f, []]));
    for (const problem of reports.flatMap((r) => r.problems)) {
      const file = problem.location[0].source.ref.split('/').at(-1)!;
      problemsByFile.get(file)!.push(problem);
    }
  });

  it('cover every rule of the plugin', () => {
    const covered = new Set(breaking.map(brokenRule));
    expect(ruleNames.filter((name) => !covered.has(`platform/${name}`))).toEqual([]);
  });

  it('start from a baseline that lints clean (valid.yaml)', () => {
    expect(problemsByFile.get('valid.yaml')).toEqual([]);
  });

  it.each(breaking)('%s fails lint with its rule id, and with no other rule', (file) => {
    const rule = brokenRule(file);
    expect(rule, `${file} must start with "# Breaks <rule id> only: <what>"`).toBeDefined();
    const message = expectedMessage(file);
    expect(message, `${file} must have a "# Message: <text>" line`).toBeDefined();
    const problems = problemsByFile.get(file)!;
    expect(problems.length).toBeGreaterThan(0);
    expect(new Set(problems.map((p) => p.ruleId))).toEqual(new Set([rule]));
    for (const problem of problems) {
      expect(problem.severity).toBe('error');
      expect(problem.message).toContain(message);
      // A platform rule's message says what is wrong and how to fix it: two sentences, the second an instruction.
      if (rule!.startsWith('platform/')) expect(problem.message).toMatch(/\. [A-Z`].+/);
    }
  });
});

describe("Spectral's spectral:oas on the bundle", () => {
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

describe('pnpm lint:spectral on a spec grown past 64 KiB', () => {
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
