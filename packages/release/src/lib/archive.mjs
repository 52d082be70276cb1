// Archives whose bytes depend only on the files they hold: entries sorted, every timestamp the
// release's SOURCE_DATE_EPOCH, no owner names, the gzip header without a time (Node's zlib writes 0).
import { chmodSync, createWriteStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { finished } from 'node:stream/promises';
import * as tar from 'tar';
import yazl from 'yazl';

/**
 * Every file under `dir`, as sorted paths relative to it with `/` separators.
 * @param {string} dir
 * @returns {string[]}
 */
export function listFiles(dir) {
  /** @type {string[]} */
  const out = [];
  /** @param {string} at */
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) out.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** Mode bits an archive records: executable or not, nothing of the umask that built it. */
/** @type {(path: string) => number} */
const normalMode = (path) => ((statSync(path).mode & 0o111) !== 0 ? 0o755 : 0o644);

/**
 * A .tar.gz of every file under `dir`, each entry named `prefix` + its path.
 * @param {{ dir: string, file: string, mtime: Date, prefix?: string }} options
 */
export async function writeTarGz({ dir, file, mtime, prefix = '' }) {
  const files = listFiles(dir);
  for (const path of files) chmodSync(join(dir, path), normalMode(join(dir, path)));
  await tar.c(
    {
      gzip: { level: 9 },
      file,
      cwd: dir,
      portable: true,
      noDirRecurse: true,
      mtime,
      prefix: prefix.replace(/\/$/, ''),
    },
    files,
  );
}

/**
 * A .zip of every file under `dir`, each entry named `prefix` + its path.
 * @param {{ dir: string, file: string, mtime: Date, prefix?: string }} options
 */
export async function writeZip({ dir, file, mtime, prefix = '' }) {
  const zip = new yazl.ZipFile();
  for (const path of listFiles(dir)) {
    const full = join(dir, path);
    zip.addBuffer(readFileSync(full), `${prefix}${path}`, { mtime, mode: normalMode(full), compress: true });
  }
  zip.end();
  const output = createWriteStream(file);
  zip.outputStream.pipe(output);
  await finished(output);
}

/**
 * Unpacks a .tar.gz (an npm tarball, a crate, an sdist) into `dir`.
 * @param {string} file
 * @param {string} dir
 */
export async function extractTarGz(file, dir) {
  await tar.x({ file, cwd: dir });
}
