import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  // openapi-fetch is bundled in: its CJS build only has `exports.default`, which esbuild's interop
  // turns into "(0, import_openapi_fetch.default) is not a function" in our CJS output (DESIGN.md).
  // Its types stay a dependency of the declarations.
  noExternal: ['openapi-fetch'],
});
