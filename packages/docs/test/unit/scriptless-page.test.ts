// The page without Redoc's script (test/support/docs.ts), which the prerender, sidebar and Security
// box tests open while they run at once: one's set-up must not rewrite the files another reads.
import { lstatSync, realpathSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { docsDir, scriptlessPage } from '../support/docs.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

it("gives each caller a folder of its own, its route and area files the build's own, not copies", () => {
  const first = dirname(fileURLToPath(scriptlessPage('unit-scriptless-first')));
  made.push(first);
  const second = dirname(fileURLToPath(scriptlessPage('unit-scriptless-second')));
  made.push(second);
  expect(second).not.toBe(first);
  for (const folder of ['routes', 'areas']) {
    expect(lstatSync(join(first, folder)).isSymbolicLink(), folder).toBe(true);
    expect(realpathSync(join(first, folder))).toBe(realpathSync(join(docsDir, 'dist', folder)));
  }
});
