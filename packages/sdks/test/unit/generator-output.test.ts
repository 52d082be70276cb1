// The gate that turns OpenAPI Generator warnings about our spec into failures.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runJar } from '../scripts/generate.mjs';
import { KNOWN_GENERATOR_NOISE, problemsIn } from '../scripts/lib/generator-output.mjs';
import { requireGeneratorJar } from '../scripts/lib/toolchain.mjs';

const line = (level: string, logger: string, message: string) => `[main] ${level}  ${logger} - ${message}`;

describe('problemsIn', () => {
  test('keeps warnings and errors, drops info lines', () => {
    const output = [
      line('INFO', 'o.o.codegen.DefaultGenerator', 'Generating with dryRun=false'),
      line('WARN', 'o.o.codegen.DefaultCodegen', 'Unknown type found in the schema'),
      line('ERROR', 'o.o.codegen.DefaultGenerator', 'Could not process model'),
    ].join('\n');
    expect(problemsIn(output, 'go')).toEqual([
      { level: 'WARN', logger: 'o.o.codegen.DefaultCodegen', message: 'Unknown type found in the schema' },
      { level: 'ERROR', logger: 'o.o.codegen.DefaultGenerator', message: 'Could not process model' },
    ]);
  });

  test('drops known noise only for the generators it is known for', () => {
    const output = line('WARN', 'o.o.codegen.utils.ModelUtils', 'Failed to get the schema name: null');
    expect(problemsIn(output, 'python')).toEqual([]);
    expect(problemsIn(output, 'go')).toHaveLength(1);
  });

  test('every known-noise entry says why it is not about our spec', () => {
    for (const entry of KNOWN_GENERATOR_NOISE) expect(entry.why.length).toBeGreaterThan(20);
  });
});

describe('the python generator on a fixture', () => {
  test('prints its known noise for any document and is caught warning about an untyped object', () => {
    const jar = requireGeneratorJar();
    const out = mkdtempSync(join(tmpdir(), 'sdks-generator-fixture-'));
    try {
      const fixture = join(import.meta.dirname, 'fixtures', 'open-object.yaml');
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
