// Reads OpenAPI Generator's log and keeps every warning or error about our spec. A few lines the
// generator prints for any document are known noise; each entry says why it is not about ours.

export const KNOWN_GENERATOR_NOISE = [
  {
    generators: ['python', 'go', 'java', 'rust', 'kotlin', 'ruby', 'php'],
    text: 'OpenAPI 3.1 support is still in beta.',
    why: 'printed for every OpenAPI 3.1 document, whatever it holds',
  },
  {
    generators: ['python', 'go', 'java', 'rust', 'kotlin', 'ruby', 'php'],
    text: 'Failed to get the schema name: null',
    why:
      'every generator prints it for a document with no operation at all (test/fixtures/no-operations.yaml), ' +
      'and for the spec grown to 500 operations by the scale bench; the python generator for any document ' +
      '(test/e2e/generator-output.test.ts)',
  },
  {
    generators: ['java'],
    text: 'Ignoring complex example on request body',
    why:
      'the Java generator cannot put an object example into its docs and says so for every object ' +
      'request-body example; the spec keeps the example because the docs render their code samples from it',
  },
  {
    generators: ['rust'],
    text: 'ApplicationJson cannot be used as a model name. Renamed to ApplicationSlashJson',
    why: 'the rust generator prints it for every `application/json` response, even the one-schema fixture (test/fixtures/open-object.yaml)',
  },
  {
    generators: ['rust'],
    text: 'type cannot be used as a field/variable name. Renamed to r#type',
    why: '`type` is a Rust keyword; the field keeps its JSON name `type` through serde and reads as `r#type`',
  },
];

const LOG_LINE = /^\[[^\]]*\]\s+(WARN|ERROR)\s+(\S+)\s+-\s+(.*)$/;

/**
 * @typedef {{ level: string, logger: string, message: string }} Problem a WARN or ERROR line, parsed
 */

/**
 * Every WARN or ERROR line of a generator run that is not known noise for that generator.
 * @param {string} output the generator's log
 * @param {string} generator
 * @param {{ generators: string[], text: string }[]} [noise]
 * @returns {Problem[]}
 */
export function problemsIn(output, generator, noise = KNOWN_GENERATOR_NOISE) {
  /** @type {Problem[]} */
  const problems = [];
  for (const line of output.split(/\r?\n/)) {
    const match = LOG_LINE.exec(line.trim());
    if (!match) continue;
    const [, level = '', logger = '', message = ''] = match;
    const known = noise.some((entry) => entry.generators.includes(generator) && message.includes(entry.text));
    if (!known) problems.push({ level, logger, message });
  }
  return problems;
}

/** @param {Problem[]} problems @returns {string} one indented line each */
export function describeProblems(problems) {
  return problems.map((p) => `  ${p.level} ${p.logger}: ${p.message}`).join('\n');
}
