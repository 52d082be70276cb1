#!/usr/bin/env node
// Renders the reference: the published bundle of @chatplatform/spec, decorated once with code samples
// and the reading fixes (redocly.yaml beside this package), then that copy rendered by Redoc with the
// page template (render.redocly.yaml, no decorators), made fully offline.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundledSpecPath, effectiveServers, HTTP_METHODS } from '@chatplatform/spec';
import { parse } from 'yaml';

/** Every server of the spec once: its URL template, its variables' defaults, the region enum. */
function serversOf(spec) {
  const all = [...(spec.servers ?? [])];
  for (const pathItem of Object.values(spec.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      if (pathItem[method]) all.push(...effectiveServers({ operation: pathItem[method], pathItem, root: spec }));
    }
  }
  const byUrl = new Map(all.map((server) => [server.url, server]));
  return [...byUrl.values()].map(({ url, variables = {} }) => ({
    url,
    defaults: Object.fromEntries(Object.entries(variables).map(([name, v]) => [name, v.default])),
    regions: variables.region?.enum,
  }));
}

const dist = (name) => fileURLToPath(new URL(`../dist/${name}`, import.meta.url));
const renderConfig = fileURLToPath(new URL('../render.redocly.yaml', import.meta.url));
const redocly = (...args) => execFileSync('redocly', args, { stdio: 'inherit' });

mkdirSync(dist('download'), { recursive: true });
// The page's download links give the published bundle, as other-language teams get it.
for (const format of /** @type {const} */ (['yaml', 'json']))
  copyFileSync(bundledSpecPath(format), dist(`download/openapi.${format}`));
redocly('bundle', bundledSpecPath('yaml'), '--output', dist('openapi.yaml'));
redocly('build-docs', dist('openapi.yaml'), '--config', renderConfig, '--inlineBundle', '--output', dist('redoc.html'));
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
const script = (name) => readFileSync(fileURLToPath(new URL(`./${name}`, import.meta.url)), 'utf8');
const servers = JSON.stringify(serversOf(parse(readFileSync(dist('openapi.yaml'), 'utf8')))).replace(/</g, '\\u003c');
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
writeFileSync(dist('index.html'), filled);
