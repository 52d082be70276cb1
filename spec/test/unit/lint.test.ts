// `redocly lint` in the test's process (@redocly/openapi-core's `lint`, what the CLI runs) with
// the real redocly.yaml: the spec and its Arazzo workflow are clean, and each platform-convention
// rule is proven by a fixture that breaks it and nothing else.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import platformPlugin from '../../rules/platform.js';
import { described, lintFile, type Problem, specDir } from '../support/redocly-lint.js';

const fixturesDir = join(specDir, 'test/fixtures');
const config = parseYaml(readFileSync(join(specDir, 'redocly.yaml'), 'utf8'));
const configuredApis: Record<string, { root: string }> = config.apis;

const ruleNames = Object.keys(platformPlugin().rules.oas3);

describe('the real spec', () => {
  it('and its Arazzo workflow lint with zero errors and zero warnings', async () => {
    expect(Object.keys(configuredApis)).toEqual(['main', 'auth-token-flow']);
    for (const { root } of Object.values(configuredApis)) expect(described(await lintFile(root)), root).toEqual([]);
  });

  it('still lints clean once bundled (the rules read one-file documents too)', async () => {
    expect(described(await lintFile('dist/openapi.yaml'))).toEqual([]);
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
    problemsByFile = new Map(fixtures.map((f) => [f, []]));
    for (const fixture of fixtures) {
      // A fixture's problems are in it, or in a file its `$ref`s reach (test/fixtures/paths/).
      for (const problem of await lintFile(join(fixturesDir, fixture))) {
        expect(problem.file, `${fixture}: ${problem.message}`).toContain(fixturesDir);
        problemsByFile.get(fixture)!.push(problem);
      }
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
