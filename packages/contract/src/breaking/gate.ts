import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SPEC_DIR } from '@chatplatform/spec';
import { BaselineError, SpecInputError } from '../errors.js';
import { bundledSpecPath, loadSpec, type OpenApiDocument } from '../read/spec-document.js';
import { resolveBaseline } from './baseline.js';
import { assertBundleFresh } from './bundle-freshness.js';
import { type Finding, rateOasdiff } from './findings.js';
import { findOasdiff, oasdiffBreaking, oasdiffRelease } from './oasdiff.js';
import { bodyChanges, schemaNameChanges, withOperationParameters } from './schemas.js';
import { type SecurityChange, securityChanges } from './security.js';
import { serverChanges } from './servers.js';
import {
  highestMajor,
  LAST_RELEASE,
  pendingMoves,
  readVersions,
  type VersionInfo,
  type VersionMove,
} from './versioning.js';

export type { Finding, Rating } from './findings.js';
export { LAST_RELEASE };
/** A finding rated breaking. */
export type BreakingChange = Finding;

export interface BreakingOptions {
  /** A file (OpenAPI YAML/JSON), a git ref, or {@link LAST_RELEASE}. */
  base: string;
  /** The revised spec; default: the bundled spec (spec/dist/openapi.yaml), refused when older than its sources. */
  revision?: string;
  /** Where to run git; default: `specDir`. */
  cwd?: string;
  /** The spec's sources inside the git repository, bundled at a ref; default: the spec package's directory. */
  specDir?: string;
}

export interface BreakingResult {
  base: { label: string; version: string };
  revision: { label: string; version: string };
  /** What breaks an existing client: counted. */
  breaking: Finding[];
  /** Reported, not counted: changes generated code sees (`generated-code`) and findings rated `not-breaking`, each with why. */
  notBreaking: Finding[];
  /** The oasdiff release that compared (the pinned one), or why it could not be read. */
  oasdiff: string;
  /** Where the major version still has to move before the revision may pass; empty on a pass. */
  moves: VersionMove[];
  verdict: 'pass' | 'fail';
  reason: string;
}

/**
 * Compares the spec with a baseline (oasdiff, plus this package's own security comparison) and
 * applies the reference's versioning rule: a breaking change passes only as a new major version,
 * moved in info.version and in every server's `/vN` together.
 */
export function checkBreaking(options: BreakingOptions): BreakingResult {
  const specDir = options.specDir ?? SPEC_DIR;
  if (options.revision !== undefined && !existsSync(options.revision)) {
    throw new SpecInputError(
      `the revision ${options.revision} does not exist: name an OpenAPI file, or leave --revision out to compare the bundled spec`,
    );
  }
  const revision = options.revision ?? freshBundle();
  const oasdiff = findOasdiff();
  const temp = mkdtempSync(join(tmpdir(), 'contract-breaking-'));
  try {
    const { path: basePath, label } = resolveBaseline(options.base, options.cwd ?? specDir, specDir, temp);
    const baseDoc = readSpec(basePath, BaselineError);
    const revisionDoc = readSpec(revision, SpecInputError);
    const release = oasdiffRelease(oasdiff);
    const { breaking, notBreaking } = compareSpecs(baseDoc, revisionDoc, oasdiff, temp);
    const base = readVersions(baseDoc);
    const revised = readVersions(revisionDoc);
    return {
      base: { label, version: base.version },
      revision: { label: options.revision ?? 'the bundled spec', version: revised.version },
      breaking,
      notBreaking,
      oasdiff: release,
      ...versionVerdict(base, revised, breaking.length),
    };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * Every change between two documents, each rated by what it does to an existing client: the
 * servers (the URL a client builds), authentication, request and response bodies, schema names,
 * and oasdiff's findings (one run, on copies in `workDir` with path-level parameters moved into
 * the operations).
 */
export function compareSpecs(
  base: OpenApiDocument,
  revision: OpenApiDocument,
  oasdiff: string,
  workDir: string,
): Pick<BreakingResult, 'breaking' | 'notBreaking'> {
  const basePath = join(workDir, 'base.json');
  const revisionPath = join(workDir, 'revision.json');
  writeFileSync(basePath, JSON.stringify(withOperationParameters(base)));
  writeFileSync(revisionPath, JSON.stringify(withOperationParameters(revision)));
  const findings: Finding[] = [
    ...serverChanges(base, revision),
    ...securityChanges(base, revision).map(fromSecurity),
    ...bodyChanges(base, revision),
    ...oasdiffBreaking(oasdiff, basePath, revisionPath, workDir).map(rateOasdiff),
    ...schemaNameChanges(base, revision),
  ];
  return {
    breaking: findings.filter((f) => f.rating === 'breaking'),
    notBreaking: findings.filter((f) => f.rating !== 'breaking'),
  };
}

/** The bundled spec, refused when a source of the spec package is newer than it. */
function freshBundle(): string {
  const bundle = bundledSpecPath('yaml');
  assertBundleFresh(bundle);
  return bundle;
}

function readSpec(path: string, Fault: new (message: string) => Error): OpenApiDocument {
  try {
    return loadSpec(path);
  } catch (error) {
    throw new Fault((error as Error).message);
  }
}

/** The versioning rule: what passes, and what has to move when it does not. */
function versionVerdict(
  base: VersionInfo,
  revision: VersionInfo,
  count: number,
): Pick<BreakingResult, 'moves' | 'verdict' | 'reason'> {
  if (base.major === undefined)
    throw new BaselineError(`the baseline's info.version "${base.version}" has no major version number`);
  const highest = highestMajor(revision) ?? base.major;
  if (count === 0) {
    const moves = pendingMoves(base, revision, highest);
    if (moves.length === 0) return { moves, verdict: 'pass', reason: 'no breaking change' };
    return {
      moves,
      verdict: 'fail',
      reason: `no breaking change, but the major version moved only partly: move the places below to v${highest} too, or move the others back`,
    };
  }
  const target = Math.max(base.major + 1, highest);
  const moves = pendingMoves(base, revision, target);
  if (moves.length === 0)
    return {
      moves,
      verdict: 'pass',
      reason: `${count} breaking change(s), released as the new major version v${target}`,
    };
  return {
    moves,
    verdict: 'fail',
    reason:
      `${count} breaking change(s) since v${base.major}: release them as v${target}, with the major version moved in ` +
      `info.version and every server's /vN together (still to move: below), keeping v${base.major} available during ` +
      'its deprecation period; or undo the changes',
  };
}

function fromSecurity({ rating, ...change }: SecurityChange): Finding {
  return { ...change, rating: rating ?? 'breaking', checkedBy: 'contract' };
}
