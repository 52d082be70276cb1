// The changelog page's HTML (scripts/changelog.mjs gives the entries): plain, offline, readable
// on a phone, linked from the reference and back.
/** @typedef {import('./changelog.mjs').Entry} Entry */

/** @type {Record<string, string>} */
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** @param {unknown} text */
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => /** @type {string} */ (ENTITIES[c]));

/** The maintainers' detail: the gate's report, folded below the reader's entry. @param {Entry} entry */
function gateReport(entry) {
  if (entry.first) return '<p>The first tagged release: later releases are compared with it.</p>';
  const since = `<p class="since">Compared with ${escapeHtml(entry.since)}; the spec says info.version ${escapeHtml(entry.version)}.</p>`;
  if (!entry.breaking.length) return `${since}<p>No change that breaks existing clients.</p>`;
  const items = entry.breaking.map(
    (change) =>
      `<li><strong>${escapeHtml(change.where)}</strong>: ${escapeHtml(change.text)} <code>${escapeHtml(change.id)}</code>` +
      `<br><span class="why">Why it breaks clients: ${escapeHtml(change.why)}</span></li>`,
  );
  const verdict =
    entry.verdict === 'pass'
      ? '<p>Released as a new major version, as the versioning rule asks.</p>'
      : `<p class="fail">Not releasable as it is: ${escapeHtml(entry.reason)}</p>`;
  return `${since}<p>${entry.breaking.length} change(s) that break existing clients:</p><ul>${items.join('')}</ul>${verdict}`;
}

/** A line of the maintainers' Markdown notes: `code` kept, everything else as text. @param {string} text */
const inline = (text) =>
  escapeHtml(text).replace(
    /`([^`]+)`/g,
    (/** @type {string} */ _, /** @type {string} */ code) => `<code>${code}</code>`,
  );

/** @param {string[]} lines */
function markdownList(lines) {
  const items = lines
    .filter((l) => /^\s*[-*]\s/.test(l))
    .map((l) => `<li>${inline(l.replace(/^\s*[-*]\s+/, ''))}</li>`);
  const prose = lines.filter((l) => !/^\s*[-*]\s/.test(l)).map((l) => `<p>${inline(l.trim())}</p>`);
  return `${prose.join('')}${items.length ? `<ul>${items.join('')}</ul>` : ''}`;
}

/** @param {string[] | undefined} items */
const list = (items) => (items?.length ? `<ul>${items.map((i) => `<li>${inline(i)}</li>`).join('')}</ul>` : '');

/** Added, Changed, Deprecated, Removed and Upgrading: the maintainers' notes, else what the spec shows. @param {Entry} entry */
function readerSections(entry) {
  const notes = entry.notes;
  const changed = (entry.changed ?? []).map((c) => `${c.where}: ${c.text}`);
  const upgrading = entry.breaking?.length
    ? [
        `Clients built for ${entry.since?.replace(/^spec-v/, '') ?? 'the release before'} break on this release: regenerate your client from this release's spec, then adjust each call listed under Changed and Removed.`,
      ]
    : [];
  const derived = {
    added: list(entry.added),
    changed: list(changed),
    deprecated: list(entry.deprecated),
    removed: list(entry.removed),
    upgrading: list(upgrading),
  };
  const html = Object.entries(derived)
    .map(([name, fallback]) => {
      const body = notes?.[name] ? markdownList(notes[name]) : fallback;
      return body ? `<h3>${name[0].toUpperCase()}${name.slice(1)}</h3>${body}` : '';
    })
    .join('');
  return html || '<p>Nothing that changes what clients send or receive.</p>';
}

/** @param {Entry} entry */
function section(entry) {
  const heading = entry.title === 'Unreleased' ? 'Unreleased' : entry.version;
  const id = heading.toLowerCase().replace(/[^a-z0-9.]+/g, '-');
  const date = entry.date ? ` <time datetime="${escapeHtml(entry.date)}">${escapeHtml(entry.date)}</time>` : '';
  const detail = `<details><summary>For maintainers: the breaking-change report${entry.title === 'Unreleased' ? '' : ` (tag ${escapeHtml(entry.title)})`}</summary>${gateReport(entry)}</details>`;
  return `<section aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(heading)}${date}</h2>${readerSections(entry)}${detail}</section>`;
}

/** @param {{ title: string, changelog: import('./changelog.mjs').Changelog }} input */
export function changelogHtml({ title, changelog }) {
  const none = changelog.tagged
    ? ''
    : '<p class="note">No release is tagged yet: below is what changed since the first version of this description.</p>';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Changelog: ${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; margin: 0; }
  main { max-width: 52rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; }
  a { color: #0b57d0; }
  code { font-family: ui-monospace, monospace; font-size: 0.9em; overflow-wrap: anywhere; }
  li { margin-bottom: 0.75rem; overflow-wrap: anywhere; }
  time, .since, .why { color: #4a4a4a; }
  time { font-size: 0.8em; font-weight: normal; margin-left: 0.5rem; }
  .note { border-left: 4px solid #0b57d0; padding-left: 0.75rem; }
  .fail { color: #a50e0e; }
  h3 { font-size: 1rem; margin: 1rem 0 0.25rem; }
  summary { cursor: pointer; color: #4a4a4a; }
</style>
</head>
<body>
<main>
<p><a href="index.html">Back to the reference</a></p>
<h1>Changelog of the ${escapeHtml(title)}</h1>
<p>Each release of the API description, newest first, with its date: what was added, changed,
deprecated and removed since the release before it, and how to upgrade. Under each, folded, the
breaking-change report the release was checked with.</p>
${none}
${[changelog.unreleased, ...changelog.releases].map(section).join('\n')}
</main>
</body>
</html>
`;
}
