// The gate that turns OpenAPI Generator warnings about our spec into failures, on the generator's
// real output for a fixture.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { LANGUAGES, runJar } from '../../scripts/generate.mjs';
import { KNOWN_GENERATOR_NOISE, problemsIn } from '../../scripts/lib/generator-output.mjs';
import { requireGeneratorJar } from '../../scripts/lib/toolchain.mjs';

describe('the python generator on a fixture', () => {
  test('prints its known noise for any document and is caught warning about an untyped object', () => {
    const jar = requireGeneratorJar();
    const out = mkdtempSync(join(tmpdir(), 'sdks-generator-fixture-'));
    try {
      const fixture = join(import.meta.dirname, '..', 'fixtures', 'open-object.yaml');
      const { status, output } = runJar(jar, ['generate', '-g', 'python', '-i', fixture, '-o', out]);
      expect(status, output).toBe(0);
      // The noise is printed for this unrelated document too, so it says nothing about ours.
      for (const entry of KNOWN_GENERATOR_NOISE.filter((e) => e.generators.includes('python'))) {
        expect(output).toContain(entry.text);
      }
      expect(problemsIn(output, 'python').map((p) => p.message)).toContain(
        'Codegen property is null (e.g. map/dict of undefined type). Default to typing.Any.',
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('each generator on a document with no operation', () => {
  test.each(LANGUAGES)(
    '%s prints a line the noise list knows: it says nothing about the spec it is printed for',
    (lang) => {
      const jar = requireGeneratorJar();
      const out = mkdtempSync(join(tmpdir(), 'sdks-generator-fixture-'));
      try {
        const fixture = join(import.meta.dirname, '..', 'fixtures', 'no-operations.yaml');
        const { status, output } = runJar(jar, ['generate', '-g', lang, '-i', fixture, '-o', out]);
        expect(status, output).toBe(0);
        expect(output).toContain('Failed to get the schema name: null');
        expect(problemsIn(output, lang)).toEqual([]);
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    },
  );
});
