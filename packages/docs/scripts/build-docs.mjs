#!/usr/bin/env node
// Renders the reference: the published bundle of @chatplatform/spec, decorated with code samples
// (redocly.yaml beside this package), then Redoc with the page template, made fully offline.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundledSpecPath } from '@chatplatform/spec';

const dist = (name) => fileURLToPath(new URL(`../dist/${name}`, import.meta.url));
const redocly = (...args) => execFileSync('redocly', args, { stdio: 'inherit' });

mkdirSync(dist('download'), { recursive: true });
// The page's download links give the published bundle, as other-language teams get it.
for (const format of ['yaml', 'json']) copyFileSync(bundledSpecPath(format), dist(`download/openapi.${format}`));
redocly('bundle', bundledSpecPath('yaml'), '--output', dist('openapi.yaml'));
redocly('build-docs', dist('openapi.yaml'), '--inlineBundle', '--output', dist('redoc.html'));
execFileSync(process.execPath, [fileURLToPath(new URL('./offline-docs.mjs', import.meta.url)), dist('redoc.html'), dist('index.html')], {
  stdio: 'inherit',
});
