// turbo restores a cached build from its `outputs` alone: what the peer generators' drivers run must
// be among them, or the next cache hit leaves the peer test without it (as with a binary cargo
// hard-linked, which turbo cannot restore: scripts/lib/peers.mjs copies it).
import { readFileSync } from 'node:fs';
import { join, matchesGlob, relative } from 'node:path';
import { expect, test } from 'vitest';
import { packageDir } from '../../scripts/lib/paths.mjs';
import { PEERS } from '../../scripts/lib/peers.mjs';

const outputs: string[] = JSON.parse(readFileSync(join(packageDir, 'turbo.json'), 'utf8')).tasks.build.outputs;
const restored = (path: string) =>
  outputs.some((glob) => !glob.startsWith('!') && matchesGlob(path, glob)) &&
  !outputs.some((glob) => glob.startsWith('!') && matchesGlob(path, glob.slice(1)));

test.each(Object.keys(PEERS))("%s: what its driver runs is among the build's outputs", (tool) => {
  const built = PEERS[tool]!.built.map((file) => relative(packageDir, file));
  expect(built.length).toBeGreaterThan(0);
  expect(built.filter((path) => !restored(path))).toEqual([]);
});
