// The root README's "copy this job" contract CI job runs on a hosted runner as written: it sets up
// the versions the project pins and only what the contract checks need (scripts/setup.sh is for a
// Debian machine as root, and builds every SDK and the docs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot as root, workspacePackage } from './support/repository.js';

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const setupSh = readFileSync(join(root, 'scripts', 'setup.sh'), 'utf8');
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const { OASDIFF_VERSION } = await workspacePackage<{ OASDIFF_VERSION: string }>(
  'packages/contract',
  '@chatplatform/contract',
);

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string | number>;
}

/** The steps of the YAML block in the README's "Contract validation in CI" section. */
function contractJobSteps(): Step[] {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Contract validation in CI'));
  const block = section?.match(/```yaml\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error('README.md has no ```yaml block under "## Contract validation in CI"');
  return parse(block).contract.steps;
}

const steps = contractJobSteps();
const action = (name: string) => steps.find((step) => step.uses?.startsWith(`${name}@`));
const runs = steps.flatMap((step) => (step.run ? [step.run] : []));
const shellValue = (name: string) => setupSh.match(new RegExp(`^\\s*(?:local )?${name}=([^\\s]+)`, 'm'))?.[1];

describe("the README's contract CI job", () => {
  it('installs the Node version scripts/setup.sh installs, which package.json engines accept', () => {
    const nodeVersion = String(action('actions/setup-node')?.with?.['node-version']);
    expect(nodeVersion).toBe(shellValue('NODE_VERSION'));
    const minimum = rootPackage.engines.node.replace('>=', '');
    expect(nodeVersion.localeCompare(minimum, undefined, { numeric: true })).toBeGreaterThanOrEqual(0);
  });

  it("installs pnpm from package.json's packageManager (no second version to keep in step)", () => {
    expect(rootPackage.packageManager).toMatch(/^pnpm@\d/);
    expect(action('pnpm/action-setup')).toBeDefined();
    expect(action('pnpm/action-setup')?.with?.version).toBeUndefined();
  });

  it('installs the oasdiff release the contract package pins, with the Go that setup.sh uses', () => {
    expect(runs).toContain(`go install github.com/oasdiff/oasdiff@${OASDIFF_VERSION}`);
    const goVersion = String(action('actions/setup-go')?.with?.['go-version']);
    expect(setupSh).toContain(`go${goVersion}.`);
  });

  it('pins the same oasdiff release as scripts/setup.sh, which the gate refuses to run with any other', () => {
    const setupVersion = setupSh.match(/install_oasdiff\(\) \{[\s\S]*?local version=(\S+)/)?.[1];
    expect(setupVersion).toBe(OASDIFF_VERSION);
  });

  it('installs from the lockfile and builds only the contract package and its dependencies', () => {
    expect(runs).toContain('pnpm install --frozen-lockfile');
    expect(runs).toContain('pnpm turbo run build --filter=@chatplatform/contract...');
    expect(runs.filter((run) => /setup\.sh|pnpm build/.test(run))).toEqual([]);
  });

  it('runs validate and the breaking-change gate', () => {
    expect(runs.some((run) => run.startsWith('node packages/contract/dist/cli.js validate '))).toBe(true);
    expect(runs).toContain('pnpm contract:breaking');
  });
});
