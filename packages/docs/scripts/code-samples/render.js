// The samples every operation gets, in the order the docs show them.
import { curlSample } from './curl.js';
import { pythonSample } from './python.js';
import { typescriptSample } from './typescript.js';

export function renderSamples(model) {
  return [
    { lang: 'Shell', label: 'curl', source: curlSample(model) },
    { lang: 'TypeScript', label: 'TypeScript', source: typescriptSample(model) },
    { lang: 'Python', label: 'Python', source: pythonSample(model) },
  ];
}
