import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { getHttpOperationsFromSpec } from '@stoplight/prism-http';
import type { IHttpOperation } from '@stoplight/types';
import { parse } from 'yaml';
import { foldServerPaths } from './prepare.js';

/**
 * Prism's operations of the published bundle, made by the package's build (`scripts/cache-operations.mjs`)
 * so that a mock start skips reading, folding and dereferencing the spec: beside `dist/index.js`,
 * and beside `src/` for the tests, which run the sources.
 */
export const operationsCacheFile = new URL('../dist/operations.json', import.meta.url);

interface CachedOperations {
  key: string;
  operations: IHttpOperation[];
}

const prismVersion: string = createRequire(import.meta.url)('@stoplight/prism-http/package.json').version;

/** What the cached operations depend on: the spec's bytes and the Prism that turned them into operations. */
export function cacheKey(specText: string): string {
  return createHash('sha256').update(`prism-http ${prismVersion}\n`).update(specText).digest('hex');
}

/** The operations Prism serves for a spec's text (`file` says JSON or YAML). */
export async function httpOperations(file: string, specText: string): Promise<IHttpOperation[]> {
  const document = (file.endsWith('.json') ? JSON.parse(specText) : parse(specText)) as Record<string, unknown>;
  const operations = await getHttpOperationsFromSpec(foldServerPaths(document));
  operations.forEach(emptyAnnotationOnlySchemas);
  return operations;
}

/** The cached operations when they were made from this very text, else undefined (no cache, another spec). */
export async function cachedOperations(specText: string): Promise<IHttpOperation[] | undefined> {
  let cached: CachedOperations;
  try {
    cached = JSON.parse(await readFile(operationsCacheFile, 'utf8')) as CachedOperations;
  } catch {
    return undefined; // not built (the tests' first run) or unreadable: the spec is read instead
  }
  return cached.key === cacheKey(specText) ? cached.operations : undefined;
}

/** Writes the cache for the spec at `file` (the build's step). */
export async function writeOperationsCache(file: string): Promise<number> {
  const specText = await readFile(file, 'utf8');
  const operations = await httpOperations(file, specText);
  const cached: CachedOperations = { key: cacheKey(specText), operations };
  await writeFile(operationsCacheFile, JSON.stringify(cached));
  return operations.length;
}

const ANNOTATIONS = new Set(['$schema', '$comment', 'title', 'description', 'examples', 'deprecated', 'x-stoplight']);

/**
 * A schema of annotations only (the spec's UndocumentedBody: any JSON value) has nothing for Prism's
 * faker to generate from, and Prism then answers with the schema itself as the body. `{}` accepts
 * the same values and makes Prism generate an empty object.
 */
function emptyAnnotationOnlySchemas(operation: IHttpOperation): void {
  for (const response of operation.responses) {
    for (const content of response.contents ?? []) {
      if (content.schema && Object.keys(content.schema).every((key) => ANNOTATIONS.has(key))) content.schema = {};
    }
  }
}
