// The dated CHANGELOG.md entry: the gate's changes by kind, the maintainer's notes, upgrade notes
// for a major, and the file put back together with an empty "## Unreleased".
import { describe, expect, it } from 'vitest';
import { changelogEntry, parseChangelog, withEntry } from '../../src/changelog.mjs';

const spec = {
  paths: {
    '/calls/{sessionId}': { get: { operationId: 'get-call', summary: 'Get Call' } },
  },
};
const changelog = [
  '# Changelog',
  '',
  'Intro.',
  '',
  '## Unreleased',
  '',
  '### Added',
  '',
  '- A note from the maintainer.',
  '',
  '### Upgrading',
  '',
  '- Read the guide.',
  '',
  '## 3.0.0 — 2026-01-02',
  '',
  '### Added',
  '',
  '- Everything.',
  '',
].join('\n');

describe('the changelog entry', () => {
  it('puts the maintainer notes first, then what the gate found, by kind', () => {
    const { notes } = parseChangelog(changelog);
    const entry = changelogEntry({
      version: '3.1.0',
      date: '2026-02-03',
      spec,
      base: { version: '3.0.0' },
      notes,
      breaking: [],
      changes: [
        { id: 'endpoint-added', level: 1, text: 'endpoint added', operation: 'GET', path: '/users' },
        { id: 'endpoint-deprecated', level: 1, text: 'endpoint deprecated', operation: 'GET', path: '/old' },
      ],
    });
    expect(entry).toBe(
      [
        '## 3.1.0 — 2026-02-03',
        '',
        '### Added',
        '',
        '- A note from the maintainer.',
        '- GET /users: endpoint added',
        '',
        '### Deprecated',
        '',
        '- GET /old: endpoint deprecated',
        '',
        '### Upgrading',
        '',
        '- Read the guide.',
        '',
      ].join('\n'),
    );
    const written = withEntry(changelog, entry);
    expect(written.indexOf('## Unreleased\n\n## 3.1.0 — 2026-02-03')).toBeGreaterThan(0);
    expect(written).toContain('## 3.0.0 — 2026-01-02');
    expect(parseChangelog(written).notes.Added).toEqual([]);
  });

  it('the first release lists every operation as added', () => {
    const entry = changelogEntry({
      version: '3.0.0',
      date: '2026-01-02',
      spec,
      notes: { Upgrading: ['- First release.'] },
      changes: [],
      breaking: [],
    });
    expect(entry).toContain('### Added\n\n- `GET /calls/{sessionId}` (get-call): Get Call\n');
  });

  it('a major version without upgrade notes is refused; with a baseline they are written from the breaking changes', () => {
    expect(() =>
      changelogEntry({ version: '3.0.0', date: '2026-01-02', spec, notes: {}, changes: [], breaking: [] }),
    ).toThrow('3.0.0 is a major version: write how to upgrade under "### Upgrading"');
    const entry = changelogEntry({
      version: '4.0.0',
      date: '2026-01-02',
      spec,
      base: { version: '3.2.0' },
      notes: {},
      changes: [],
      breaking: [{ where: 'GET /calls/{sessionId}', text: 'api path removed', why: 'clients calling it get an error' }],
    });
    expect(entry).toContain(
      '### Upgrading\n\n- Move every server address from /v3 to /v4.\n- GET /calls/{sessionId}: api path removed (clients calling it get an error).\n',
    );
  });

  it('a note outside a known section is refused with where it stands', () => {
    expect(() => parseChangelog('# C\n\n## Unreleased\n\n- loose\n')).toThrow(
      '"- loose" under ## Unreleased stands outside a ### section',
    );
    expect(() => parseChangelog('# C\n\n## Unreleased\n\n### Fixed\n')).toThrow(
      '"### Fixed" under ## Unreleased is not one of',
    );
    expect(() => parseChangelog('# C\n')).toThrow('CHANGELOG.md has no "## Unreleased" section');
  });
});
