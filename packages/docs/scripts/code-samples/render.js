// The samples every operation gets, in the order the docs show them: curl, our TypeScript client,
// then one per client CI builds in packages/sdks (each compiled and run against the mock by
// test/e2e/samples.test.ts). A language is one renderer here, one entry in render.redocly.yaml's
// codeSamples.languages and one runner in test/support/sample-runners.ts (packages/docs/README.md).
import { goModulePath } from '@chatplatform/sdks/paths';
import { curlSample } from './curl.js';
import { goSample } from './go.js';
import { javaSample } from './java.js';
import { kotlinSample } from './kotlin.js';
import { phpSample } from './php.js';
import { pythonSample } from './python.js';
import { rubySample } from './ruby.js';
import { rustSample } from './rust.js';
import { typescriptSample } from './typescript.js';

/** @typedef {import('./operation-model.js').OperationModel} OperationModel */

/** Each: how x-codeSamples names it, its label, its renderer, and how a reader gets the client (Getting started). */
/**
 * @typedef {object} Language
 * @property {string} lang how x-codeSamples names it
 * @property {string} label
 * @property {(model: import('./operation-model.js').OperationModel) => string} render
 * @property {(version: string) => string} install
 */

/** @type {Language[]} */
export const LANGUAGES = [
  { lang: 'Shell', label: 'curl', render: curlSample, install: () => 'nothing to install' },
  {
    lang: 'TypeScript',
    label: 'TypeScript',
    render: typescriptSample,
    install: (version) => `\`npm i RELEASE/npm/chatplatform-client-${version}.tgz\` (Node 22 or later)`,
  },
  {
    lang: 'Python',
    label: 'Python',
    render: pythonSample,
    install: (version) =>
      `\`pip install RELEASE/python/chatplatform_client-${version}-py3-none-any.whl\` (Python 3.10 or later)`,
  },
  {
    lang: 'Go',
    label: 'Go',
    render: goSample,
    install: (version) =>
      `\`GOPROXY=file://RELEASE/go,$(go env GOPROXY) GONOSUMDB=${goModulePath(version).split('/')[0]} go get ${goModulePath(version)}@v${version}\` (the module path the samples import)`,
  },
  {
    lang: 'Java',
    label: 'Java',
    render: javaSample,
    install: (version) =>
      `the dependency \`com.chatplatform:chatplatform-client:${version}\` from the Maven repository \`file://RELEASE/maven\` (Java 11 or later)`,
  },
  {
    lang: 'Rust',
    label: 'Rust',
    render: rustSample,
    install: (version) =>
      `unpack \`RELEASE/rust/chatplatform-client-${version}.crate\` (a .tar.gz), \`cargo add chatplatform-client --path <unpacked>\`, with \`tokio\` (features \`macros\`, \`rt\`) and \`serde_json\``,
  },
  {
    lang: 'Kotlin',
    label: 'Kotlin',
    render: kotlinSample,
    install: (version) =>
      `the dependency \`com.chatplatform:chatplatform-kotlin-client:${version}\` from the Maven repository \`file://RELEASE/maven\``,
  },
  {
    lang: 'Ruby',
    label: 'Ruby',
    render: rubySample,
    install: (version) =>
      `\`gem install --local RELEASE/ruby/chatplatform_client-${version}.gem\` (Ruby 3.0 or later, with the \`typhoeus\` gem)`,
  },
  {
    lang: 'PHP',
    label: 'PHP',
    render: phpSample,
    install: (version) =>
      `unzip \`RELEASE/php/chatplatform-client-${version}.zip\` and \`require\` its \`autoload.php\` (PHP 8.1 or later, with Guzzle 7 installed)`,
  },
];

/** @param {OperationModel} model */
export function renderSamples(model) {
  return LANGUAGES.map(({ lang, label, render }) => ({ lang, label, source: render(model) }));
}
