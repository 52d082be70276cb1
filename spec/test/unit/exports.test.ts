// What the package exports and publishes: the bundle other-language teams and every package
// consume is one self-contained document that carries every operation of the sources, the same as
// YAML and as JSON, versioned with the spec's info.version.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { operationsOf } from '../../index.js';

const specDir = resolve(import.meta.dirname, '../..');
const require = createRequire(join(specDir, 'package.json'));
const specPackage = require('@chatplatform/spec/package.json');

describe('@chatplatform/spec as an artifact', () => {
  it('exports and publishes the bundled spec as JSON and YAML', () => {
    expect(specPackage.exports['./openapi.json']).toBe('./dist/openapi.json');
    expect(specPackage.exports['./openapi.yaml']).toBe('./dist/openapi.yaml');
    expect(specPackage.files).toEqual(expect.arrayContaining(['dist/openapi.json', 'dist/openapi.yaml']));
  });

  it("has the spec's info.version as the package version", () => {
    const { version } = require('@chatplatform/spec/openapi.json').info;
    expect(
      specPackage.version,
      `spec/package.json has version ${specPackage.version} but spec/openapi.yaml has info.version ` +
        `${version}: set both to the same value.`,
    ).toBe(version);
  });
});

describe('the bundle the package exports', () => {
  const json = require('@chatplatform/spec/openapi.json');
  const yaml = parseYaml(readFileSync(require.resolve('@chatplatform/spec/openapi.yaml'), 'utf8'));

  it('is the same OpenAPI 3.1 document as YAML and as JSON', () => {
    expect(json.openapi).toBe('3.1.0');
    expect(yaml).toEqual(json);
  });

  it('is self-contained: every $ref points inside it and resolves', () => {
    const refs = [...JSON.stringify(json).matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(10);
    const unresolved = refs.filter((ref) => {
      if (!ref.startsWith('#/')) return true;
      const keys = ref
        .slice(2)
        .split('/')
        .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
      return keys.reduce<any>((at, key) => at?.[key], json) === undefined;
    });
    expect(unresolved).toEqual([]);
  });

  it('carries every path and operation of the sources, with its operationId', () => {
    const root = parseYaml(readFileSync(join(specDir, 'openapi.yaml'), 'utf8'));
    const operationIds = (pathItem: object) =>
      Object.fromEntries(operationsOf({ paths: { '/': pathItem } }).map((o) => [o.method, o.operation.operationId]));
    for (const [path, { $ref }] of Object.entries<{ $ref: string }>(root.paths)) {
      const source = parseYaml(readFileSync(join(specDir, $ref), 'utf8'));
      expect(operationIds(json.paths[path] ?? {}), path).toEqual(operationIds(source));
    }
    expect(Object.keys(json.paths)).toEqual(Object.keys(root.paths));
  });
});
