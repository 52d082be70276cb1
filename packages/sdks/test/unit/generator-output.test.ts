// The gate that turns OpenAPI Generator warnings about our spec into failures: how it reads the
// generator's output (test/e2e/generator-output.test.ts runs the generator).
import { describe, expect, test } from 'vitest';
import { KNOWN_GENERATOR_NOISE, problemsIn } from '../../scripts/lib/generator-output.mjs';

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
    const output = line(
      'WARN',
      'o.o.c.languages.AbstractRustCodegen',
      'type cannot be used as a field/variable name. Renamed to r#type',
    );
    expect(problemsIn(output, 'rust')).toEqual([]);
    expect(problemsIn(output, 'go')).toHaveLength(1);
  });

  test('every known-noise entry says why it is not about our spec', () => {
    for (const entry of KNOWN_GENERATOR_NOISE) expect(entry.why.length).toBeGreaterThan(20);
  });
});
