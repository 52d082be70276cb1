// SHA256SUMS over every file of the release folder, in `sha256sum -c`'s format, sorted by path.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listFiles } from './lib/archive.mjs';

export const CHECKSUM_FILE = 'SHA256SUMS';

/**
 * @param {string} dir
 * @returns {number} how many files the checksums cover
 */
export function writeChecksums(dir) {
  const lines = listFiles(dir)
    .filter((path) => path !== CHECKSUM_FILE)
    .map(
      (path) =>
        `${createHash('sha256')
          .update(readFileSync(join(dir, path)))
          .digest('hex')}  ${path}`,
    );
  writeFileSync(join(dir, CHECKSUM_FILE), `${lines.join('\n')}\n`);
  return lines.length;
}
