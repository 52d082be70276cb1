// One version, decided by the gate: the spec's info.version must be the next version that what
// changed since the last release calls for (breaking: the next major, with every server's /vN;
// an addition: the next minor; anything else: the next patch).
import semver from 'semver';

/**
 * oasdiff's change ids by what they do for a reader of the changelog.
 * @param {{ id: string, level: number }} change
 * @returns {'Deprecated' | 'Removed' | 'Added' | 'Changed'}
 */
export function kindOf(change) {
  if (/deprecated/.test(change.id)) return 'Deprecated';
  if (/removed/.test(change.id)) return 'Removed';
  if (/added|^new-/.test(change.id) && change.level <= 1) return 'Added';
  return 'Changed';
}

/**
 * `version` raised by `kind`; throws on a version that is not semantic (semver.inc gives null).
 * @param {string} version
 * @param {'major' | 'minor' | 'patch'} kind
 */
function next(version, kind) {
  const raised = semver.inc(version, kind);
  if (raised === null)
    throw new Error(`the last release's version "${version}" is not a semantic version (MAJOR.MINOR.PATCH)`);
  return raised;
}

/**
 * The version what changed calls for.
 * @param {{ version: string }} base the last release
 * @param {{ breaking: unknown[], verdict: string, reason: string }} gate the breaking gate's result
 * @param {Array<{ id: string, level: number }>} changes every change since the last release
 * @returns {{ expected: string, why: string }}
 */
export function expectedVersion(base, gate, changes) {
  /** @param {string} what */
  const why = (what) => `${what} since ${base.version}`;
  if (gate.breaking.length > 0) {
    return { expected: next(base.version, 'major'), why: why(`${gate.breaking.length} breaking change(s)`) };
  }
  const added = changes.filter((change) => kindOf(change) === 'Added').length;
  if (added > 0)
    return { expected: next(base.version, 'minor'), why: why(`${added} addition(s) and no breaking change`) };
  return { expected: next(base.version, 'patch'), why: why('no breaking change and no addition') };
}

/**
 * Throws, saying what to set, unless `version` is what the changes call for and the gate passes.
 * @param {{ version: string }} base the last release
 * @param {string} version the spec's info.version
 * @param {{ breaking: unknown[], verdict: string, reason: string }} gate the breaking gate's result
 * @param {Array<{ id: string, level: number }>} changes every change since the last release
 */
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
