import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/helpers.js';

/** A line only each command's own usage has. */
const OWN_LINE: Record<string, string> = {
  validate: 'validate <file|->',
  proxy: 'proxy --upstream URL',
  breaking: 'breaking --base <git ref|file|@last-release>',
};

describe('--help and -h print usage and exit 0', () => {
  it.each([
    ['validate', '--help'],
    ['validate', '-h'],
    ['proxy', '--help'],
    ['proxy', '-h'],
    ['breaking', '--help'],
    ['breaking', '-h'],
  ])("%s %s prints that command's usage only, runs nothing, exits 0", async (command, flag) => {
    const run = await runInProcess([command, flag]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Usage: chatplatform-contract ${command} `));
    for (const [other, line] of Object.entries(OWN_LINE)) {
      if (other === command) expect(run.stdout).toContain(line);
      else expect(run.stdout).not.toContain(line);
    }
  });

  it('a --help after other arguments still wins: nothing is read, validated or started', async () => {
    const run = await runInProcess(['validate', 'no-such-file.ndjson', '--format', 'json', '--help']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('validate <file|->');
  });

  it('the command list (--help) still names every command and exits 0', async () => {
    const run = await runInProcess(['--help']);
    expect(run.code).toBe(0);
    for (const line of Object.values(OWN_LINE)) expect(run.stdout).toContain(line);
  });
});
