// `redocly lint` through the real CLI and the real redocly.yaml: the spec is clean, and each
// platform-convention rule is proven by a fixture that breaks it and nothing else.
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import platformPlugin from '../rules/platform.js';
import { localBin } from './local-bin.js';

const run = promisify(execFile);
const specDir = resolve(import.meta.dirname, '..');
const repoDir = resolve(specDir, '..');
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

/** Lints files (or the configured API when none are given); lint exits 1 on problems, which is not a failure here. */
async function lint(files: string[] = []): Promise<LintReport[]> {
  const redocly = localBin(specDir, 'redocly', '@redocly/cli');
  const args = ['lint', ...files, '--config', join(specDir, 'redocly.yaml'), '--format=json', '--max-problems=1000'];
  const { stdout, stderr } = await run(redocly, args, { cwd: specDir, env: { ...process.env, REDOCLY_TELEMETRY: 'off' } }).catch(
    (error: { code?: number; stdout?: string; stderr?: string }) => {
      if (error.code === 1 && error.stdout) return { stdout: error.stdout, stderr: error.stderr ?? '' };
      throw new Error(`redocly lint crashed (exit ${error.code}):\n${error.stdout}\n${error.stderr}`);
    },
  );
  const reports = splitJsonReports(stdout);
  // A config or plugin that fails to load prints no report at all.
  if (reports.length !== Math.max(files.length, 1)) throw new Error(`redocly lint printed ${reports.length} reports for ${files.length || 1} documents:\n${stderr}`);
  return reports;
}

const ruleNames = Object.keys(platformPlugin().rules.oas3);
const config = parseYaml(readFileSync(join(specDir, 'redocly.yaml'), 'utf8'));

describe('the platform plugin', () => {
  it('is loaded by redocly.yaml and every one of its rules is on at error level', () => {
    expect(config.plugins).toContain('./rules/platform.js');
    expect(ruleNames.length).toBeGreaterThanOrEqual(10);
    for (const name of ruleNames) {
      const setting = config.rules[`platform/${name}`];
      expect(typeof setting === 'string' ? setting : setting?.severity, `platform/${name}`).toBe('error');
    }
  });

  it("keeps Redocly's recommended rules at error level (recommended-strict)", () => {
    expect(config.extends).toContain('recommended-strict');
    const relaxed = Object.entries(config.rules).filter(([, s]) => (typeof s === 'string' ? s : (s as { severity?: string }).severity) !== 'error');
    expect(relaxed).toEqual([]);
  });
});

describe('the real spec', () => {
  it('lints with zero errors and zero warnings', async () => {
    const [report] = await lint();
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('still lints clean once bundled (the rules read one-file documents too)', async () => {
    const [report] = await lint(['dist/openapi.yaml']);
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
  });
});

describe('rule fixtures', () => {
  const fixtures = readdirSync(fixturesDir).filter((f) => f.endsWith('.yaml')).sort();
  // Each breaking fixture's first lines say which rule it breaks and what every report must say:
  // `# Breaks platform/<rule> only: <what>` and `# Message: <text the message contains>`.
  const header = (file: string) => readFileSync(join(fixturesDir, file), 'utf8');
  const brokenRule = (file: string) => /^# Breaks (platform\/[a-z-]+) only:/.exec(header(file))?.[1];
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
    expect(rule, `${file} must start with "# Breaks platform/<rule> only: <what>"`).toBeDefined();
    const message = expectedMessage(file);
    expect(message, `${file} must have a "# Message: <text>" line`).toBeDefined();
    const problems = problemsByFile.get(file)!;
    expect(problems.length).toBeGreaterThan(0);
    expect(new Set(problems.map((p) => p.ruleId))).toEqual(new Set([rule]));
    for (const problem of problems) {
      expect(problem.severity).toBe('error');
      expect(problem.message).toContain(message);
      // A message says what is wrong and how to fix it: at least two sentences, the second an instruction.
      expect(problem.message).toMatch(/\. [A-Z`].+/);
    }
  });
});

describe("turbo's lint task", () => {
  it('hashes the plugin and the lint config, so editing a rule re-runs lint', async () => {
    const turbo = localBin(repoDir, 'turbo', 'turbo');
    const { stdout } = await run(turbo, ['run', 'lint', '--filter=@chatplatform/spec', '--dry=json'], {
      cwd: repoDir,
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
    });
    const task = JSON.parse(stdout).tasks.find((t: { taskId: string }) => t.taskId === '@chatplatform/spec#lint');
    const inputs = Object.keys(task.inputs);
    const ruleFiles = readdirSync(join(specDir, 'rules')).map((f) => `rules/${f}`);
    expect(inputs).toEqual(expect.arrayContaining([...ruleFiles, 'redocly.yaml', 'openapi.yaml']));
    // Fixtures only feed the tests; changing one must not invalidate the lint cache.
    expect(inputs.filter((f) => f.startsWith('test/'))).toEqual([]);
  });
});
