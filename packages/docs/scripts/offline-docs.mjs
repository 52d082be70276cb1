#!/usr/bin/env node
// Makes the page `redocly build-docs --inlineBundle` writes fully offline. Redoc 3 renders its
// "API docs by Redocly" footer logo from Redocly's CDN, and no option turns that footer off; the
// logo is swapped for an inline SVG here so that opening the docs sends no request anywhere. The
// browser tests count every non-loopback request and fail on the first one.
// It reads the page build-docs wrote and writes the final page next to it under a temporary name,
// then renames it into place, so the published page is never the unpatched one.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node scripts/offline-docs.mjs <build-docs output.html> <final docs.html>');
  process.exit(2);
}

const logo =
  `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16">` +
  `<text x="0" y="12" font-family="sans-serif" font-size="12" fill="#5d6673">Redocly</text></svg>`;
const inlineLogo = `data:image/svg+xml,${encodeURIComponent(logo)}`;
const cdnLogo = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;

const html = readFileSync(input, 'utf8');
const replaced = html.match(cdnLogo)?.length ?? 0;
writeFileSync(`${output}.tmp`, html.replace(cdnLogo, inlineLogo));
renameSync(`${output}.tmp`, output);
rmSync(input);
console.log(`offline-docs: ${replaced} CDN logo reference(s) inlined into ${output}`);
