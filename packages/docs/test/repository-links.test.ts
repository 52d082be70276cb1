// Every relative link in the repository's Markdown (READMEs, ARCHITECTURE.md) leads to a file or
// folder git tracks, so a renamed or removed file cannot leave a dead link behind.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsDir } from './support.js';

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
const root = git(docsDir, 'rev-parse', '--show-toplevel');
const tracked = git(root, 'ls-files').split('\n');
const trackedPaths = new Set(tracked.flatMap((file) => [file, ...parentsOf(file)]));

function parentsOf(file: string): string[] {
  const parents: string[] = [];
  for (let dir = dirname(file); dir !== '.'; dir = dirname(dir)) parents.push(dir);
  return parents;
}

/** Link targets of `[text](target)` that point inside the repository (no scheme, not an anchor). */
function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(target))
    .map((target) => target.replace(/#.*$/, ''));
}

describe('links in the repository Markdown', () => {
  const markdownFiles = tracked.filter((file) => file.endsWith('.md'));
  const links = markdownFiles.flatMap((file) =>
    relativeLinks(readFileSync(join(root, file), 'utf8')).map((target) => ({ file, target })),
  );

  it('are found (the check saw something)', () => {
    expect(markdownFiles).toContain('README.md');
    expect(links.length).toBeGreaterThan(10);
  });

  it('each lead to a tracked file or folder', () => {
    const dead = links.filter(({ file, target }) => !trackedPaths.has(normalize(join(dirname(file), target))));
    expect(dead, 'links to paths git does not track: fix or remove them').toEqual([]);
  });
});
