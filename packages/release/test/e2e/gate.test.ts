// The breaking gate itself (oasdiff, through @chatplatform/contract) on a released bundle and a
// revision that differ by one operation, and the version rule on what it finds.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkBreaking } from '@chatplatform/contract';
import { bundledSpecPath } from '@chatplatform/spec';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { allChanges } from '../../src/release.mjs';
import { checkVersion } from '../../src/version.mjs';

describe('the gate on a released bundle', () => {
  const dir = mkdtempSync(join(tmpdir(), 'release-version-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const bundle = parse(readFileSync(bundledSpecPath('yaml'), 'utf8'));

  /** The bundle with info.version set and, optionally, one operation left out. */
  function variant(name: string, version: string, without?: string) {
    const doc = structuredClone(bundle);
    doc.info.version = version;
    if (without) delete doc.paths[without];
    const file = join(dir, name);
    writeFileSync(file, stringify(doc));
    return file;
  }

  it('an operation added since the release makes a minor; an operation removed, a major', () => {
    const path = Object.keys(bundle.paths).find((key) => key !== '/calls/{sessionId}') as string;
    const released = variant('released.yaml', '3.0.0', path);
    const revision = variant('revision.yaml', '3.1.0');
    const gate = checkBreaking({ base: released, revision });
    const changes = allChanges(released, revision);
    expect(checkVersion({ version: '3.0.0' }, '3.1.0', gate, changes)).toBe('3.1.0');
    expect(() => checkVersion({ version: '3.0.0' }, '3.0.1', gate, changes)).toThrow(
      /addition\(s\) .* make it 3\.1\.0/,
    );

    const removed = checkBreaking({ base: revision, revision: released });
    expect(removed.breaking.length).toBeGreaterThan(0);
    expect(() => checkVersion({ version: '3.1.0' }, '3.2.0', removed, allChanges(revision, released))).toThrow(
      /make it 4\.0\.0/,
    );
  });
});
