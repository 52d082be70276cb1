import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  // openapi-fetch is bundled in: its CJS build only has `exports.default`, which esbuild's interop
  // turns into "(0, import_openapi_fetch.default) is not a function" in our CJS output, an error
  // no type check sees (test/built.test.ts calls through both builds to catch it). Its types stay
  // a dependency of the declarations.
  noExternal: ['openapi-fetch'],
});
