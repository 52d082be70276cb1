import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node22',
  // openapi-fetch's runtime is bundled: its CJS build's default export does not survive esbuild's
  // Node-mode interop (`createClient` would be the module object in dist/index.cjs).
  noExternal: ['openapi-fetch'],
});
