#!/usr/bin/env node
// Adds the "Try it" panel (scripts/try-it.js) to dist/index.html. What it needs of each operation,
// read from the rendered spec (`tryItOperations`: method, path, server, parameters with their
// examples, the JSON body's example and the headers of its security schemes), goes into the
// operation's area file (scripts/build-docs.mjs, scripts/areas.mjs), so the panel offers the
// operations of the area the page has loaded. Nothing about the API is written here; an operation
// the panel cannot send (a non-header key, a non-JSON body) fails the build with what to change.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { effectiveServers, operationsOf, resolveRef } from '@chatplatform/spec';
import { AREA_GLOBAL } from './areas.mjs';

/**
 * The bundled spec, typed as Redocly types OpenAPI 3.1; a bundle's path items are inline, and every
 * other `$ref` is followed with resolveRef.
 * @typedef {import('@redocly/openapi-core').Oas3_1Definition} Spec
 * @typedef {import('@redocly/openapi-core').Oas3PathItem<import('@redocly/openapi-core').Oas3_1Schema>} PathItem
 * @typedef {import('@redocly/openapi-core').Oas3Operation<import('@redocly/openapi-core').Oas3_1Schema>} Operation
 * @typedef {import('@redocly/openapi-core').Oas3Parameter<import('@redocly/openapi-core').Oas3_1Schema>} Parameter
 * @typedef {import('@redocly/openapi-core').Oas3MediaType<import('@redocly/openapi-core').Oas3_1Schema>} MediaType
 */

/** @param {string} name */
const dist = (name) => fileURLToPath(new URL(`../dist/${name}`, import.meta.url));
const BODY_METHODS = new Set(['post', 'put', 'patch']);

/** @typedef {{ value?: unknown }} Example an example as read here: inline, its value taken as it is */

/** @param {Parameter} p */
const exampleOf = (p) =>
  p.example ??
  /** @type {Example | undefined} */ (Object.values(p.examples ?? {})[0])?.value ??
  /** @type {{ example?: unknown } | undefined} */ (p.schema)?.example;

/**
 * @param {Spec} spec
 * @param {PathItem} pathItem
 * @param {Operation} operation
 */
function parametersOf(spec, pathItem, operation) {
  /** @type {Map<string, Parameter>} */
  const byKey = new Map();
  for (const raw of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
    /** @type {Parameter} */
    const p = resolveRef(spec, raw);
    byKey.set(`${p.in}:${p.name}`, p);
  }
  return [...byKey.values()]
    .filter((p) => p.in === 'path' || p.in === 'query' || p.in === 'header')
    .map((p) => ({ name: p.name, in: p.in, required: Boolean(p.required), example: exampleOf(p) ?? '' }));
}

/**
 * @param {Spec} spec
 * @param {string} method
 * @param {Operation} operation
 * @param {string} where the operation, for messages
 */
function bodyOf(spec, method, operation, where) {
  if (!BODY_METHODS.has(method) || !operation.requestBody) return undefined;
  /** @type {import('@redocly/openapi-core').Oas3RequestBody<import('@redocly/openapi-core').Oas3_1Schema>} */
  const requestBody = resolveRef(spec, operation.requestBody);
  const json = requestBody.content?.['application/json'];
  if (!json) throw new Error(`try-it: ${where} has no application/json body; the panel sends JSON only.`);
  /** @type {Example | undefined} */
  const named = resolveRef(spec, Object.values(json.examples ?? {})[0]);
  const example = json.example ?? named?.value;
  return JSON.stringify(example ?? {}, null, 2);
}

/**
 * Each way the operation accepts to be authorised: the header of every scheme it needs.
 * @param {Spec} spec
 * @param {Operation} operation
 * @param {string} where the operation, for messages
 */
function keysOf(spec, operation, where) {
  /** @type {Set<string>} */
  const seen = new Set();
  return (operation.security ?? spec.security ?? [])
    .map((requirement) =>
      Object.keys(requirement).map((name) => {
        // Inline in a bundle; a `$ref` would fail the check below with the scheme named.
        const scheme = /** @type {{ type?: string, in?: string, name?: string } | undefined} */ (
          spec.components?.securitySchemes?.[name]
        );
        if (scheme?.type !== 'apiKey' || scheme.in !== 'header')
          throw new Error(
            `try-it: ${where} uses "${name}", which is not a header API key; the panel sends those only.`,
          );
        return { scheme: name, header: scheme.name };
      }),
    )
    .filter((headers) => {
      const key = headers.map((h) => h.header).join(' ');
      return !seen.has(key) && seen.add(key);
    });
}

/**
 * What the panel needs of each operation of `spec`.
 * @param {Spec} spec
 */
export function tryItOperations(spec) {
  return operationsOf(spec).map(
    /** @param {{ path: string, method: string, pathItem: PathItem, operation: Operation }} found */
    ({ path, method, pathItem, operation }) => {
      const where = `${method.toUpperCase()} ${path}`;
      const [server] = effectiveServers({ operation, pathItem, root: spec });
      if (!server) throw new Error(`try-it: ${where} has no server.`);
      const defaults = Object.fromEntries(Object.entries(server.variables ?? {}).map(([k, v]) => [k, v.default]));
      return {
        id: operation.operationId,
        summary: operation.summary ?? operation.operationId,
        method: method.toUpperCase(),
        path,
        server: { url: server.url, defaults },
        parameters: parametersOf(spec, pathItem, operation),
        body: bodyOf(spec, method, operation, where),
        keys: keysOf(spec, operation, where),
      };
    },
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const page = dist('index.html');
  const html = readFileSync(page, 'utf8');
  const end = html.lastIndexOf('</body>');
  if (end < 0) throw new Error(`try-it: ${page} has no </body>; scripts/docs-template.hbs must keep it.`);
  // The operations' data is in their area's file (scripts/build-docs.mjs writes it with
  // tryItOperations): the panel offers the operations of the area the page has loaded.
  const data = `window[${JSON.stringify(AREA_GLOBAL)}]?.tryIt ?? []`;
  const script = readFileSync(fileURLToPath(new URL('./try-it.js', import.meta.url)), 'utf8');
  const block = `<script>const TRY_IT_OPERATIONS = ${data};\n${script}</script>\n`;
  writeFileSync(`${page}.tmp`, html.slice(0, end) + block + html.slice(end));
  renameSync(`${page}.tmp`, page);
  console.log(`try-it: the panel in ${page}, each area's operations in its file`);
}
