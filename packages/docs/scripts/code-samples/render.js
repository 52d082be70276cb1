// The samples every operation gets, in the order the docs show them: curl, our TypeScript client,
// then one per client CI builds in packages/sdks (each compiled and run against the mock by
// test/samples.test.ts). A language is one renderer here, one entry in render.redocly.yaml's
// codeSamples.languages and one runner in test/sample-runners.ts (packages/docs/README.md).
import { curlSample } from './curl.js';
import { goSample } from './go.js';
import { javaSample } from './java.js';
import { kotlinSample } from './kotlin.js';
import { phpSample } from './php.js';
import { pythonSample } from './python.js';
import { rubySample } from './ruby.js';
import { rustSample } from './rust.js';
import { typescriptSample } from './typescript.js';

const GENERATED = 'packages/sdks/generated';

/** Each: how x-codeSamples names it, its label, its renderer, and how a reader gets the client (Getting started). */
export const LANGUAGES = [
  { lang: 'Shell', label: 'curl', render: curlSample, install: () => 'nothing to install' },
  {
    lang: 'TypeScript',
    label: 'TypeScript',
    render: typescriptSample,
    install: () => '`@chatplatform/client` from `packages/client` (a workspace package, not published yet)',
  },
  {
    lang: 'Python',
    label: 'Python',
    render: pythonSample,
    install: () => `\`pip install ${GENERATED}/python\` (Python 3.10 or later)`,
  },
  {
    lang: 'Go',
    label: 'Go',
    render: goSample,
    install: () =>
      `\`go mod edit -replace example.com/chatplatform/chatplatform-go=CLONE/${GENERATED}/go\`, then import \`example.com/chatplatform/chatplatform-go\``,
  },
  {
    lang: 'Java',
    label: 'Java',
    render: javaSample,
    install: (version) =>
      `the build installs \`com.chatplatform:chatplatform-client:${version}\` into your local Maven repository (Java 11 or later)`,
  },
  {
    lang: 'Rust',
    label: 'Rust',
    render: rustSample,
    install: () =>
      `\`chatplatform-client = { path = "CLONE/${GENERATED}/rust" }\` in Cargo.toml, with \`tokio\` (features \`macros\`, \`rt\`) and \`serde_json\``,
  },
  {
    lang: 'Kotlin',
    label: 'Kotlin',
    render: kotlinSample,
    install: () => `compile \`${GENERATED}/kotlin\` (its Gradle build) with your code`,
  },
  {
    lang: 'Ruby',
    label: 'Ruby',
    render: rubySample,
    install: () =>
      `\`ruby -I ${GENERATED}/ruby/lib\` (Ruby 3.0 or later, with the \`typhoeus\` gem), or build the gem from \`${GENERATED}/ruby\``,
  },
  {
    lang: 'PHP',
    label: 'PHP',
    render: phpSample,
    install: () =>
      `\`composer install\` in \`${GENERATED}/php\` (PHP 8.1 or later), or prepend \`packages/sdks/smoke/php/autoload.php\` with Guzzle 7 installed`,
  },
];

export function renderSamples(model) {
  return LANGUAGES.map(({ lang, label, render }) => ({ lang, label, source: render(model) }));
}
