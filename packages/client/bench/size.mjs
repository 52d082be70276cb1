// The size of a built entry as a user's bundler ships it: esbuild --bundle --minify (ES2022, no
// platform built-ins), then gzip -9. Printed by bench/run.mjs for information: this is a
// server-side client, its size is no goal.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** Minified and minified+gzipped bytes of the bundle of `entry` (a file path). */
export async function bundleSize(entry) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}
