// The changelog page's HTML (scripts/changelog.mjs gives the entries): plain, offline, readable
// on a phone, linked from the reference and back.
const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function changes(entry) {
  if (entry.first) return '<p>The first tagged release: the changes below are measured from it.</p>';
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

function section(entry) {
  const id = entry.title.toLowerCase().replace(/[^a-z0-9.]+/g, '-');
  const date = entry.date ? ` <time datetime="${escapeHtml(entry.date)}">${escapeHtml(entry.date)}</time>` : '';
  return `<section aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(entry.title)}${date}</h2>${changes(entry)}</section>`;
}

/** @param {{ title: string, changelog: { tagged: boolean, releases: object[], unreleased: object } }} input */
export function changelogHtml({ title, changelog }) {
  const none = changelog.tagged
    ? ''
    : '<p class="note">No release is tagged yet. A release is a git tag <code>spec-v&lt;major&gt;.&lt;minor&gt;.&lt;patch&gt;</code> (e.g. <code>spec-v3.0.0</code>) on the commit whose spec carries that <code>info.version</code>.</p>';
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
</style>
</head>
<body>
<main>
<p><a href="index.html">Back to the reference</a></p>
<h1>Changelog of the ${escapeHtml(title)}</h1>
<p>Each release of the spec, newest first, with the changes that break existing clients since the
release before it, as the breaking-change check of <code>@chatplatform/contract</code> reports them.</p>
${none}
${[changelog.unreleased, ...changelog.releases].map(section).join('\n')}
</main>
</body>
</html>
`;
}
