// Every generated client carries the spec's info.version as its own version (the spec package's
// own exports and version are tested in @chatplatform/spec).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { generatedDir } from '../../scripts/lib/paths.mjs';
import { loadBundledSpec } from '../support/spec-example.js';

const bundledJson = loadBundledSpec();

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
