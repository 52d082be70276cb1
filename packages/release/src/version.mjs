// One version, decided by the gate: the spec's info.version must be the next version that what
// changed since the last release calls for (breaking: the next major, with every server's /vN;
// an addition: the next minor; anything else: the next patch).
import semver from 'semver';

/** oasdiff's change ids by what they do for a reader of the changelog. */
export function kindOf(change) {
  if (/deprecated/.test(change.id)) return 'Deprecated';
  if (/removed/.test(change.id)) return 'Removed';
  if (/added|^new-/.test(change.id) && change.level <= 1) return 'Added';
  return 'Changed';
}

/**
 * The version what changed calls for.
 * @param {{ version: string }} base the last release
 * @param {{ breaking: unknown[], verdict: string, reason: string }} gate the breaking gate's result
 * @param {Array<{ id: string, level: number }>} changes every change since the last release
 * @returns {{ expected: string, why: string }}
 */
export function expectedVersion(base, gate, changes) {
  const why = (what) => `${what} since ${base.version}`;
  if (gate.breaking.length > 0) {
    return { expected: semver.inc(base.version, 'major'), why: why(`${gate.breaking.length} breaking change(s)`) };
  }
  const added = changes.filter((change) => kindOf(change) === 'Added').length;
  if (added > 0)
    return { expected: semver.inc(base.version, 'minor'), why: why(`${added} addition(s) and no breaking change`) };
  return { expected: semver.inc(base.version, 'patch'), why: why('no breaking change and no addition') };
}

/** Throws, saying what to set, unless `version` is what the changes call for and the gate passes. */
export function checkVersion(base, version, gate, changes) {
  if (!semver.valid(version))
    throw new Error(`the spec's info.version "${version}" is not a semantic version (MAJOR.MINOR.PATCH)`);
  if (changes.length === 0 && gate.breaking.length === 0) {
    throw new Error(`nothing changed since the last release ${base.version}: there is nothing to release`);
  }
  const { expected, why } = expectedVersion(base, gate, changes);
  if (version !== expected) {
    throw new Error(
      `the spec's info.version is ${version}, but ${why} make it ${expected}: set info.version in spec/openapi.yaml to ${expected}`,
    );
  }
  if (gate.verdict !== 'pass') throw new Error(`the breaking gate refuses ${version}: ${gate.reason}`);
  return expected;
}
