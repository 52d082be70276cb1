// The bundled spec (dist/openapi.json) as the docs, the samples and the example tests read it.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const bundledJson = join(resolve(import.meta.dirname, '../..'), 'dist/openapi.json');

/** The bundled spec, as the docs page renders it; fails with how to build it when missing. */
export function bundledSpec(): any {
  if (!existsSync(bundledJson)) {
    throw new Error(`${bundledJson} is missing: run \`pnpm build\` at the repository root first.`);
  }
  return JSON.parse(readFileSync(bundledJson, 'utf8'));
}

/** Follows a local `$ref` (`#/components/...`) of the bundled spec. */
export function deref(spec: any, node: any): any {
  if (!node || typeof node.$ref !== 'string') return node;
  const target = node.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((at: any, key: string) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
  if (target === undefined) throw new Error(`unresolvable $ref ${node.$ref} in the bundled spec`);
  return deref(spec, target);
}
