// Getting started's install table as the built docs page (the @chatplatform/docs this release
// packs) shows it: each language's code spans, `RELEASE` in a line standing for the release folder.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { operationsOf } from '@chatplatform/spec';
import { parse } from 'yaml';
import { packageDir, releaseDir } from './release.js';

export const docsDist = join(
  dirname(createRequire(join(packageDir, 'package.json')).resolve('@chatplatform/docs/package.json')),
  'dist',
);

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&#32;/g, ' ')
    .replace(/&amp;/g, '&');

/** Each language's code spans in the install table, as the page shows them. */
export function installLines(): Map<string, string[]> {
  const file = join(docsDist, 'index.html');
  let page: string;
  try {
    page = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`the docs page is not built (${file}): run \`pnpm build\``);
  }
  const table = /<th[^>]*>language\s*<\/th>\s*<th[^>]*>install\s*<\/th>[\s\S]*?<\/table>/.exec(page)?.[0];
  if (!table) throw new Error(`${file} has no install table (Getting started): build the docs.`);
  const rows = new Map<string, string[]>();
  for (const [, label, cell] of table.matchAll(/<tr><td[^>]*>([^<]+?)\s*<\/td><td[^>]*>([\s\S]*?)<\/td><\/tr>/g))
    rows.set(
      decode(label as string).trim(),
      [...(cell as string).matchAll(/<code>([\s\S]*?)<\/code>/g)].map((m) => decode(m[1] as string)),
    );
  return rows;
}

/** A line of the docs with RELEASE made this release folder; a line that names no release file fails. */
export function againstRelease(line: string): string {
  if (!line.includes('RELEASE/')) throw new Error(`"${line}" installs nothing from the release folder`);
  return line.replaceAll('RELEASE', releaseDir);
}

/** The built docs' Get Call sample in `label`, as the page carries it. */
export function getCallSample(label: string): string {
  const spec = parse(readFileSync(join(docsDist, 'openapi.yaml'), 'utf8'));
  const getCall = operationsOf(spec).find(({ operation }) => operation.operationId === 'get-call')?.operation;
  const samples = (getCall?.['x-codeSamples'] ?? []) as { label: string; source: string }[];
  const found = samples.find((s) => s.label === label);
  if (!found) throw new Error(`the docs carry no ${label} sample of Get Call`);
  return found.source;
}
