#!/usr/bin/env node
// Renders the reference: the published bundle of @chatplatform/spec, decorated once with code samples
// and the reading fixes (redocly.yaml beside this package), then that copy rendered by Redoc with the
// page template (render.redocly.yaml, no decorators), made fully offline: the page with every
// operation's index entry, each area's operations in a file of their own (scripts/areas.mjs).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundledSpecPath, effectiveServers, operationsOf } from '@chatplatform/spec';
import { parse } from 'yaml';
import { tryItOperations } from './add-try-it.mjs';
import { areaAddresses, areaScript, splitByArea, withAreas } from './areas.mjs';

/**
 * Every server of the spec once: its URL template, its variables' defaults, the region enum.
 * @param {import('@redocly/openapi-core').Oas3_1Definition} spec
 */
function serversOf(spec) {
  const all = [...(spec.servers ?? [])];
  // A bundle's path items are inline.
  for (const { operation, pathItem } of operationsOf(spec))
    all.push(...effectiveServers({ operation, pathItem, root: spec }));
  const byUrl = new Map(all.map((server) => [server.url, server]));
  return [...byUrl.values()].map(({ url, variables = {} }) => ({
    url,
    defaults: Object.fromEntries(Object.entries(variables).map(([name, v]) => [name, v.default])),
    regions: variables.region?.enum,
  }));
}

/** @param {string} name */
const dist = (name) => fileURLToPath(new URL(`../dist/${name}`, import.meta.url));
const renderConfig = fileURLToPath(new URL('../render.redocly.yaml', import.meta.url));
/** @param {string[]} args */
const redocly = (...args) => execFileSync('redocly', args, { stdio: 'inherit' });

mkdirSync(dist('download'), { recursive: true });
// The page's download links give the published bundle, as other-language teams get it.
for (const format of /** @type {const} */ (['yaml', 'json']))
  copyFileSync(bundledSpecPath(format), dist(`download/openapi.${format}`));
redocly('bundle', bundledSpecPath('yaml'), '--output', dist('openapi.yaml'));
// The page embeds the definition without the operations (their index entries only); each area's
// operations go to dist/areas/ (scripts/areas.mjs), so the page stays the same size as they grow.
const spec = parse(readFileSync(dist('openapi.yaml'), 'utf8'));
const { page: pageDefinition, areas } = splitByArea(spec);
writeFileSync(dist('page-definition.json'), JSON.stringify(pageDefinition));
redocly(
  'build-docs',
  dist('page-definition.json'),
  '--config',
  renderConfig,
  '--inlineBundle',
  '--output',
  dist('redoc.html'),
);
rmSync(dist('page-definition.json')); // in the page now; the release archives dist/ whole
execFileSync(
  process.execPath,
  [fileURLToPath(new URL('./offline-docs.mjs', import.meta.url)), dist('redoc.html'), dist('index.html')],
  {
    stdio: 'inherit',
  },
);

// The changelog page of the spec's releases (scripts/changelog.mjs), linked from the page's header.
execFileSync(process.execPath, [fileURLToPath(new URL('./changelog.mjs', import.meta.url))], { stdio: 'inherit' });

// The reader's settings (scripts/reader-settings.js) with the servers of the rendered spec, and the
// page's aids for links, search, the guide's code and landmarks (scripts/page-aids.js) first in <head>.
const page = readFileSync(dist('index.html'), 'utf8');
/** @param {string} name */
const script = (name) => readFileSync(fileURLToPath(new URL(`./${name}`, import.meta.url)), 'utf8');
const servers = JSON.stringify(serversOf(spec)).replace(/</g, '\\u003c');
const placeholders = {
  'page-aids': () => `<script>${script('page-aids.js')}</script>`,
  'reader-settings': () => `<script>const SERVERS = ${servers};\n${script('reader-settings.js')}</script>`,
};
let filled = page;
for (const [name, content] of Object.entries(placeholders)) {
  const placeholder = new RegExp(`<!--${name}:[^>]*-->`);
  if (!placeholder.test(filled)) throw new Error(`scripts/docs-template.hbs lost its <!--${name}: ...--> placeholder.`);
  filled = filled.replace(placeholder, content);
}

// Each area's file, named by the tag's address on the page, with its operations' Try it data.
const addresses = areaAddresses(filled, [...areas.keys()]);
rmSync(dist('areas'), { recursive: true, force: true });
mkdirSync(dist('areas'));
for (const [tag, area] of areas) {
  const slug = /** @type {string} areaAddresses has one for every tag, or threw */ (addresses.get(tag));
  writeFileSync(dist(`areas/${slug}.js`), areaScript(slug, area, tryItOperations({ ...spec, paths: area.paths })));
}
writeFileSync(dist('index.html'), withAreas(filled, [...addresses.values()]));
console.log(`areas: ${areas.size} area file(s) in ${dist('areas')}/`);
