// The "Getting started" section the docs put at the top of the description of their copy of the
// bundle: get a key, pick a region, install a client, first call against the mock, then against the
// platform. Its first call is Get Call's curl sample, the one the tests run; the install steps are
// the LANGUAGES' own (render.js), so a new language brings its line with it.
import { readFileSync } from 'node:fs';
import { inferredMark } from '../reading/inferred-marks.js';
import { LANGUAGES } from './render.js';

const TEMPLATE = new URL('../getting-started.md', import.meta.url);
/** @param {string} text @param {string} pad */
const indent = (text, pad) =>
  text
    .split('\n')
    .map((line) => (line ? pad + line : line))
    .join('\n');

/** @param {string} version */
function installTable(version) {
  const rows = LANGUAGES.map(({ label, install }) => `| ${label} | ${install(version)} |`);
  return indent(['| language | install |', '|---|---|', ...rows].join('\n'), '   ');
}

/**
 * @param {string} description the spec's info.description
 * @param {{ model: import('./operation-model.js').OperationModel, version: string, generatorVersion: string, missingKey: { status: number, 'x-inferred': string } }} facts
 *   Get Call's model, the versions, and what the mock answers without a key (its security scheme's `x-missing-key`)
 */
export function withGettingStarted(description, { model, version, generatorVersion, missingKey }) {
  // The decorator runs on `redocly bundle` and again on `redocly build-docs` of that bundle.
  if (/^## Getting started$/m.test(description)) return description;
  /** @type {Record<string, string>} placeholder -> its text */
  const values = {
    callsServer: model.serverUrl,
    version,
    generatorVersion,
    installTable: installTable(version),
    // Not the platform's documented answer: marked, with the spec's reason one click away.
    missingKeyStatus: `${missingKey.status} ${inferredMark(missingKey['x-inferred'])}`,
    firstCall: indent(
      /** @type {(typeof LANGUAGES)[number]} */ (LANGUAGES.find((l) => l.label === 'curl')).render(model),
      '   ',
    ),
  };
  const section = readFileSync(TEMPLATE, 'utf8').replace(
    /\{\{(\w+)\}\}/g,
    (/** @type {string} */ whole, /** @type {string} */ name) => {
      if (!(name in values)) throw new Error(`scripts/getting-started.md: unknown placeholder ${whole}.`);
      return values[name];
    },
  );
  // Before the first heading of the guide: the intro paragraph stays first.
  const at = description.search(/^## /m);
  return at < 0 ? `${description}\n\n${section}` : `${description.slice(0, at)}${section}\n${description.slice(at)}`;
}
