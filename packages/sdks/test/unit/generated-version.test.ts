// The bundled spec is the artifact other-language teams consume: published through
// @chatplatform/spec's exports, versioned with the spec's info.version, which every generated
// client carries as its own version.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { bundledSpec, generatedDir } from '../scripts/lib/paths.mjs';
import { loadBundledSpec } from './support/spec-example.js';

const require = createRequire(import.meta.url);
const specPackage = require('@chatplatform/spec/package.json');
const bundledJson = loadBundledSpec();
const bundledYaml = parse(readFileSync(bundledSpec.yaml(), 'utf8'));

describe('@chatplatform/spec as an artifact', () => {
  test('exports and publishes the bundled spec as JSON and YAML', () => {
    expect(specPackage.exports['./openapi.json']).toBe('./dist/openapi.json');
    expect(specPackage.exports['./openapi.yaml']).toBe('./dist/openapi.yaml');
    expect(specPackage.files).toEqual(expect.arrayContaining(['dist/openapi.json', 'dist/openapi.yaml']));
    expect(bundledYaml).toEqual(bundledJson);
  });

  test("the package version is the spec's info.version", () => {
    expect(
      specPackage.version,
      `spec/package.json has version ${specPackage.version} but spec/openapi.yaml has info.version ` +
        `${bundledJson.info.version}: set both to the same value.`,
    ).toBe(bundledJson.info.version);
  });
});

describe("the generated clients carry the spec's version", () => {
  const version = bundledJson.info.version;

  test('python: chatplatform_client in pyproject.toml', () => {
    const pyproject = readFileSync(join(generatedDir('python'), 'pyproject.toml'), 'utf8');
    expect(pyproject).toMatch(/^name = "chatplatform_client"$/m);
    expect(pyproject).toContain(`version = "${version}"`);
  });

  test('java: com.chatplatform:chatplatform-client in pom.xml', () => {
    const pom = readFileSync(join(generatedDir('java'), 'pom.xml'), 'utf8');
    expect(pom).toContain('<groupId>com.chatplatform</groupId>');
    expect(pom).toMatch(
      new RegExp(
        `<artifactId>chatplatform-client</artifactId>\\s*<packaging>jar</packaging>[\\s\\S]*?<version>${version.replace(/\./g, '\\.')}</version>`,
      ),
    );
  });

  test('go: the package version in the User-Agent', () => {
    const configuration = readFileSync(join(generatedDir('go'), 'configuration.go'), 'utf8');
    expect(configuration).toContain(`OpenAPI-Generator/${version}/go`);
  });
});
