// scripts/check-links.mjs over this repository's Markdown, and on repositories made here: it fails
// on a dead link (inline, with a title, or a reference definition), passes links to tracked files
// and folders, ignores fenced code, and fails when it found nothing to check.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/repository.js';

const script = join(repoRoot, 'scripts', 'check-links.mjs');

/** A git repository holding `files` (path → text), all tracked; the script's exit code and output on it. */
function checkLinksIn(files: Record<string, string>) {
  const repo = mkdtempSync(join(tmpdir(), 'links-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(repo, dirname(path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  execFileSync('git', ['init', '-q'], { cwd: repo });
  execFileSync('git', ['add', '.'], { cwd: repo });
  const run = spawnSync(process.execPath, [script, repo], { encoding: 'utf8' });
  return { code: run.status, out: run.stdout + run.stderr };
}

const tree = { 'src/a.ts': '', 'docs/guide.md': 'See [the README](../README.md).' };

describe('scripts/check-links.mjs', () => {
  it("finds every relative link of this repository's Markdown leading to a tracked file", () => {
    const run = spawnSync(process.execPath, [script, repoRoot], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /^check-links: [1-9]\d* relative links in [1-9]\d* Markdown files, each to a tracked file/,
    );
  });

  it('passes links to tracked files and folders, with anchors and titles, and leaves URLs and fenced code alone', () => {
    const readme = [
      '[code](src/a.ts#L1 "the code") [folder](src/) [guide](docs/guide.md) [site](https://example.com) [top](#top)',
      '[ref]: src/a.ts',
      '```md',
      '[not a link](missing.md)',
      '```',
    ].join('\n');
    expect(checkLinksIn({ ...tree, 'README.md': readme })).toEqual({
      code: 0,
      out: expect.stringContaining('5 relative links'),
    });
  });

  it('fails on a dead link, inline, with a title or as a reference definition, naming the file and target', () => {
    for (const link of ['[gone](src/b.ts)', '[gone](src/b.ts "title")', '[gone]: src/b.ts']) {
      const result = checkLinksIn({ ...tree, 'README.md': link });
      expect(result.code, link).toBe(1);
      expect(result.out).toContain('README.md links to src/b.ts, which git does not track');
    }
  });

  it('fails when the Markdown holds no relative link: a check that saw nothing is not a pass', () => {
    expect(checkLinksIn({ 'README.md': 'no links here', 'src/a.ts': '' })).toEqual({
      code: 1,
      out: expect.stringContaining('nothing was checked'),
    });
  });
});
