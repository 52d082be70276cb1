// Where the repository is, and throw-away copies of it: a test that edits files edits a copy made
// from the tracked files as they are in the working tree, never the repository itself.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** The files git tracks in the repository, relative to its root, that exist in the working tree. */
export function trackedFiles(): string[] {
  const files = git(repoRoot, 'ls-files', '-z').split('\0').filter(Boolean);
  return files.filter((file) => existsSync(join(repoRoot, file)));
}

/**
 * A git repository in a temporary folder holding every tracked file of this one (working-tree
 * content, one commit), with this repository's `node_modules` linked in (and excluded from git)
 * so that its tools run. `remove()` deletes it.
 */
export function copyOfRepository(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'repository-copy-'));
  for (const file of trackedFiles()) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(repoRoot, file), join(dir, file));
  }
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '--no-verify', '-m', 'copy of the working tree');
  writeFileSync(join(dir, '.git', 'info', 'exclude'), 'node_modules\n');
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The entry of the workspace package in `dir` (relative to the root), resolved as that package
 * resolves its own name. The root declares no workspace package as a dependency: turbo hashes the
 * root's internal dependencies into every task's hash, so a spec edit would invalidate them all.
 */
export async function workspacePackage<T>(dir: string, name: string): Promise<T> {
  const require = createRequire(join(repoRoot, dir, 'package.json'));
  return import(pathToFileURL(require.resolve(name)).href);
}
