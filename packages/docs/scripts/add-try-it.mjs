#!/usr/bin/env node
// Adds the "Try it" panel (scripts/try-it.js) to dist/index.html. What it needs of each operation,
// read from the rendered spec (`tryItOperations`: method, path, server, parameters with their
// examples, the JSON body's example and the headers of its security schemes), goes into the
// operation's area file (scripts/build-docs.mjs, scripts/areas.mjs), so the panel offers the
// operations of the area the page has loaded. Nothing about the API is written here; an operation
// the panel cannot send (a non-header key, a non-JSON body) fails the build with what to change.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { effectiveServers, HTTP_METHODS, resolveRef } from '@chatplatform/spec';
import { AREA_GLOBAL } from './areas.mjs';

const dist = (name) => fileURLToPath(new URL(`../dist/${name}`, import.meta.url));
const BODY_METHODS = new Set(['post', 'put', 'patch']);

const exampleOf = (p) => p.example ?? Object.values(p.examples ?? {})[0]?.value ?? p.schema?.example;

function parametersOf(spec, pathItem, operation) {
  const byKey = new Map();
  for (const raw of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
    const p = /** @type {any} */ (resolveRef(spec, raw));
    byKey.set(`${p.in}:${p.name}`, p);
  }
  return [...byKey.values()]
    .filter((p) => ['path', 'query', 'header'].includes(p.in))
    .map((p) => ({ name: p.name, in: p.in, required: Boolean(p.required), example: exampleOf(p) ?? '' }));
}

function bodyOf(spec, method, operation, where) {
  if (!BODY_METHODS.has(method) || !operation.requestBody) return undefined;
  const json = /** @type {any} */ (resolveRef(spec, operation.requestBody)).content?.['application/json'];
  if (!json) throw new Error(`try-it: ${where} has no application/json body; the panel sends JSON only.`);
  const example = json.example ?? /** @type {any} */ (resolveRef(spec, Object.values(json.examples ?? {})[0]))?.value;
  return JSON.stringify(example ?? {}, null, 2);
}

/** Each way the operation accepts to be authorised: the header of every scheme it needs. */
function keysOf(spec, operation, where) {
  const seen = new Set();
  return (operation.security ?? spec.security ?? [])
    .map((requirement) =>
      Object.keys(requirement).map((name) => {
        const scheme = spec.components?.securitySchemes?.[name];
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

export function tryItOperations(spec) {
  return Object.entries(spec.paths ?? {}).flatMap(([path, pathItem]) =>
    HTTP_METHODS.filter((m) => pathItem[m]).map((method) => {
      const operation = pathItem[method];
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
    }),
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
