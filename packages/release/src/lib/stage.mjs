// Staging copies of generated clients: the release adds its packaging metadata (license, repository,
// module path) to a copy, never to the generated sources, and fails when the generator's output no
// longer has the shape a replacement expects.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedDir } from '@chatplatform/sdks/paths';
import { repoRoot } from './context.mjs';

/**
 * Copies the generated client of `lang` (only `entries`, when given) into `dir`, with the code's LICENSE.
 * @param {string} lang
 * @param {string} dir
 * @param {string[]} [entries]
 * @returns {string} `dir`
 */
export function stageClient(lang, dir, entries) {
  const from = generatedDir(lang);
  for (const entry of entries ?? ['.']) cpSync(join(from, entry), join(dir, entry), { recursive: true });
  cpSync(join(repoRoot, 'LICENSE'), join(dir, 'LICENSE'));
  return dir;
}

/**
 * Applies `[pattern, replacement]` pairs to a staged file; each pattern must match.
 * @param {string} file
 * @param {Array<[RegExp, string]>} edits
 */
export function editFile(file, edits) {
  let text = readFileSync(file, 'utf8');
  for (const [pattern, replacement] of edits) {
    if (!pattern.test(text)) {
      throw new Error(
        `${file}: the generator's output no longer matches ${pattern}; update the release's packaging step`,
      );
    }
    text = text.replace(pattern, replacement);
  }
  writeFileSync(file, text);
}
