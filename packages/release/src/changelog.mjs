// The dated CHANGELOG.md entry: what the gate's comparison found, by kind, with what the maintainer
// wrote under "## Unreleased" added to each kind; upgrade notes for a major version.
import { HTTP_METHODS } from '@chatplatform/spec';
import { kindOf } from './version.mjs';

export const SECTIONS = /** @type {const} */ (['Added', 'Changed', 'Deprecated', 'Removed', 'Upgrading']);
/** @typedef {(typeof SECTIONS)[number]} Section */

/** @returns {Record<Section, string[]>} each section, empty */
const emptySections = () => ({ Added: [], Changed: [], Deprecated: [], Removed: [], Upgrading: [] });
/** @type {(name: string) => name is Section} */
const isSection = (name) => SECTIONS.some((section) => section === name);
const UNRELEASED = '## Unreleased';

/**
 * Splits CHANGELOG.md into the intro, the maintainer's notes by section, and the released entries.
 * @param {string} text
 */
export function parseChangelog(text) {
  const start = text.indexOf(`\n${UNRELEASED}`);
  if (start < 0) throw new Error(`CHANGELOG.md has no "${UNRELEASED}" section: add it above the released entries`);
  const intro = text.slice(0, start + 1);
  const bodyStart = start + 1 + UNRELEASED.length;
  const next = text.slice(bodyStart).search(/^## /m);
  const body = next < 0 ? text.slice(bodyStart) : text.slice(bodyStart, bodyStart + next);
  const released = next < 0 ? '' : text.slice(bodyStart + next);
  const notes = emptySections();
  /** @type {Section | undefined} */
  let section;
  for (const line of body.split('\n')) {
    const heading = /^### (.+)$/.exec(line);
    if (heading) {
      const name = String(heading[1]).trim();
      if (!isSection(name))
        throw new Error(`CHANGELOG.md: "### ${name}" under ${UNRELEASED} is not one of ${SECTIONS.join(', ')}`);
      section = name;
    } else if (line.trim() && !line.startsWith('<!--')) {
      if (!section) throw new Error(`CHANGELOG.md: "${line.trim()}" under ${UNRELEASED} stands outside a ### section`);
      notes[section].push(line);
    }
  }
  return { intro, notes, released };
}

/**
 * Every operation of the spec, for the first release's "Added".
 * @param {{ paths?: Record<string, Record<string, { operationId?: string, summary?: string } | undefined>> }} spec
 */
function operationsOf(spec) {
  /** @type {string[]} */
  const lines = [];
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation)
        lines.push(
          `- \`${method.toUpperCase()} ${path}\` (${operation.operationId}): ${operation.summary ?? ''}`.trimEnd(),
        );
    }
  }
  return lines;
}

/** @type {(change: import('./release.mjs').OasdiffChange) => string} */
const changeLine = (change) =>
  `- ${[change.operation, change.path].filter(Boolean).join(' ') || change.section || 'the document'}: ${change.text}`;

/**
 * @param {{ version: string, date: string, spec: object, base?: { version: string } | undefined,
 *   changes: Array<{ id: string, level: number, text: string, operation?: string, path?: string, section?: string }>, breaking: Array<{ where: string, text: string, why: string }>,
 *   notes: Record<string, string[]> }} release
 */
export function changelogEntry({ version, date, spec, base, changes, breaking, notes }) {
  const found = emptySections();
  if (!base) found.Added.push(...operationsOf(/** @type {Parameters<typeof operationsOf>[0]} */ (spec)));
  for (const change of changes) found[kindOf(change)].push(changeLine(change));
  const major = version.endsWith('.0.0');
  if (major && base) {
    found.Upgrading.push(
      `- Move every server address from /v${base.version.split('.')[0]} to /v${version.split('.')[0]}.`,
    );
    for (const change of breaking) found.Upgrading.push(`- ${change.where}: ${change.text} (${change.why}).`);
  }
  const lines = [`## ${version} — ${date}`, ''];
  for (const name of SECTIONS) {
    const items = [...(notes[name] ?? []), ...found[name]];
    if (name === 'Upgrading' && major && items.length === 0) {
      throw new Error(
        `${version} is a major version: write how to upgrade under "### Upgrading" in CHANGELOG.md's ${UNRELEASED}`,
      );
    }
    if (items.length > 0) lines.push(`### ${name}`, '', ...items, '');
  }
  return lines.join('\n');
}

/**
 * CHANGELOG.md with the entry above the released ones and an empty "## Unreleased" again.
 * @param {string} text
 * @param {string} entry
 */
export function withEntry(text, entry) {
  const { intro, released } = parseChangelog(text);
  return `${intro}${UNRELEASED}\n\n${entry}\n${released}`.replace(/\n{3,}/g, '\n\n');
}
