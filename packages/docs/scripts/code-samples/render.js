// The samples every operation gets, in the order the docs show them: curl, our TypeScript client,
// then one per client CI builds in packages/sdks (each compiled and run against the mock by
// test/samples.test.ts). A language is one renderer here, one entry in redocly.yaml's
// codeSamples.languages and one runner in test/sample-runners.ts (packages/docs/README.md).
import { curlSample } from './curl.js';
import { goSample } from './go.js';
import { javaSample } from './java.js';
import { kotlinSample } from './kotlin.js';
import { pythonSample } from './python.js';
import { rustSample } from './rust.js';
import { typescriptSample } from './typescript.js';

export const LANGUAGES = [
  { lang: 'Shell', label: 'curl', render: curlSample },
  { lang: 'TypeScript', label: 'TypeScript', render: typescriptSample },
  { lang: 'Python', label: 'Python', render: pythonSample },
  { lang: 'Go', label: 'Go', render: goSample },
  { lang: 'Java', label: 'Java', render: javaSample },
  { lang: 'Rust', label: 'Rust', render: rustSample },
  { lang: 'Kotlin', label: 'Kotlin', render: kotlinSample },
];

export function renderSamples(model) {
  return LANGUAGES.map(({ lang, label, render }) => ({ lang, label, source: render(model) }));
}
