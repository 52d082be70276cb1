// Writes every bundle derived from the combined one (`redocly bundle` writes dist/openapi.json
// first): the OpenAPI 3.0.3 companion, and per address the 3.1 document and its 3.0.3 companion,
// each as YAML and JSON. Never hand-written, never committed: `pnpm bundle` runs this.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { stringify } from 'yaml';
import { ADDRESSES, bundledSpecPath } from '../index.js';
import { addressBundle } from './lib/address-bundle.mjs';
import { toOpenApi30 } from './lib/openapi-3.0.mjs';

/**
 * Writes `document` where `bundledSpecPath` says the bundle of `options` lives, as YAML and JSON.
 * @param {object} document
 * @param {import('../index.js').BundleOptions} options
 */
function write(document, options) {
  for (const format of /** @type {const} */ (['yaml', 'json'])) {
    const path = bundledSpecPath(format, { ...options, mustExist: false });
    mkdirSync(dirname(path), { recursive: true });
    const text = format === 'json' ? `${JSON.stringify(document, null, 2)}\n` : stringify(document, { lineWidth: 0 });
    writeFileSync(path, text);
  }
}

const combined = JSON.parse(readFileSync(bundledSpecPath('json'), 'utf8'));
write(toOpenApi30(combined), { openapi: '3.0' });
for (const address of ADDRESSES) {
  const document = addressBundle(combined, address);
  write(document, { address });
  write(toOpenApi30(document), { address, openapi: '3.0' });
}
