// Every relative link in the repository's Markdown (READMEs, ARCHITECTURE.md) leads to a file or
// folder git tracks, so that a renamed or removed file cannot leave a dead link behind. `pnpm test`
// runs it (test/links.test.ts) once per run, uncached: any tracked file can be a link's target.
// Usage: node scripts/check-links.mjs [repository root, default: the current directory's]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/** @type {(cwd: string, ...args: string[]) => string} */
const git = (cwd, ...args) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
const root = git(process.argv[2] ?? process.cwd(), 'rev-parse', '--show-toplevel');
const tracked = git(root, 'ls-files').split('\n').filter(Boolean);
const targets = new Set(tracked.flatMap((file) => [file, ...parentsOf(file)]));

/** @param {string} file @returns {string[]} */
function parentsOf(file) {
  const parents = [];
  for (let dir = dirname(file); dir !== '.'; dir = dirname(dir)) parents.push(dir);
  return parents;
}

/**
 * Targets of inline links `[text](target "title")` and reference definitions `[label]: target`
 * that point inside the repository (no scheme, not only an anchor), outside fenced code.
 * @param {string} markdown
 * @returns {string[]}
 */
function relativeLinks(markdown) {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g)];
  const references = [...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/gm)];
  return [...inline, ...references]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^([a-z][a-z\d+.-]*:|#)/i.test(target))
    .map((target) => decodeURIComponent(target.replace(/#.*$/, '')));
}

const markdownFiles = tracked.filter((file) => file.endsWith('.md'));
const links = markdownFiles.flatMap((file) =>
  relativeLinks(readFileSync(join(root, file), 'utf8')).map((target) => ({ file, target })),
);
if (links.length === 0) {
  console.error(
    `check-links: no relative link found in ${markdownFiles.length} Markdown files of ${root}: nothing was checked`,
  );
  process.exit(1);
}
const dead = links.filter(
  ({ file, target }) => !targets.has(normalize(join(dirname(file), target)).replace(/\/$/, '')),
);
for (const { file, target } of dead) console.error(`check-links: ${file} links to ${target}, which git does not track`);
if (dead.length > 0) process.exit(1);
console.log(
  `check-links: ${links.length} relative links in ${markdownFiles.length} Markdown files, each to a tracked file`,
);
