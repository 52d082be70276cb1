// The OpenAPI 3.0.3 companion of a 3.1 document, for the tools that refuse 3.1 (progenitor) or
// read it badly (swagger-codegen). @apiture/openapi-down-convert does the conversion it knows
// (`openapi: 3.0.3`, schema `examples` to `example`, `const` to `enum`, `license.identifier`);
// this module does what that tool leaves to its user, for the features this spec uses, and says in
// the document what 3.0 cannot express. A 3.1 feature it does not know stops the build.
import downConvert from '@apiture/openapi-down-convert';
import { HTTP_METHODS } from '../../index.js';

const { Converter } = downConvert;

/**
 * @typedef {import('@redocly/openapi-core').Oas3_1Schema} Schema
 * @typedef {import('@redocly/openapi-core').Oas3SecurityRequirement} Requirement scheme name -> roles
 * @typedef {import('@redocly/openapi-core').Oas3PathItem} PathItem
 * @typedef {import('@redocly/openapi-core').Oas3Info & { summary?: string }} Info
 * @typedef {import('@redocly/openapi-core').Oas3_1Definition & { info: Info }} Document31
 * @typedef {import('@redocly/openapi-core').Oas3Definition & { info: Info }} Document30
 */

/**
 * Security scheme types whose requirement lists scopes in 3.0; for every other type it must be empty.
 * @type {Set<string | undefined>}
 */
const SCOPED_TYPES = new Set(['oauth2', 'openIdConnect']);

/** 3.1 document fields 3.0 has no place for, and which this conversion does not translate. */
const UNSUPPORTED_ROOT = ['webhooks', 'jsonSchemaDialect'];

/** @param {unknown} value */
const code = (value) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

/** "`a` or `b`", "`a`, `b` or `c`" @param {unknown[]} values */
function either(values) {
  const quoted = values.map(code);
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

/**
 * `if`/`then`/`else` in the one shape this spec uses (if: properties with `const`; then: required,
 * with properties the schema declares already; else: a title), as a sentence.
 * @param {Schema} schema
 * @param {string} where its JSON Pointer, for messages
 * @returns {string}
 */
function describeConditional(schema, where) {
  const { if: condition, then: consequence, else: alternative = {} } = schema;
  const unsupported = (/** @type {string} */ part) =>
    new Error(
      `${where}: its \`${part}\` cannot be turned into a description for the OpenAPI 3.0 bundle. ` +
        'Use the shape scripts/lib/openapi-3.0.mjs describes (if: properties with const; then: required), or extend it.',
    );
  const clauses = Object.entries(condition?.properties ?? {}).map(([name, property]) => {
    if (!('const' in property)) throw unsupported('if');
    return `${code(name)} is ${code(property.const)}`;
  });
  if (!clauses.length) throw unsupported('if');
  const redeclared = Object.keys(consequence?.properties ?? {}).filter((name) => !schema.properties?.[name]);
  if (!consequence?.required?.length || redeclared.length) throw unsupported('then');
  if (Object.keys(alternative).some((key) => !['title', 'description'].includes(key))) throw unsupported('else');
  return (
    `When ${clauses.join(' and ')}, ${consequence.required.map(code).join(' and ')} ` +
    `${consequence.required.length > 1 ? 'are' : 'is'} required. OpenAPI 3.0 cannot express this condition ` +
    '(`if`/`then`), so a 3.0 validator does not check it; the OpenAPI 3.1 bundle states it.'
  );
}

/**
 * Replaces every `if`/`then`/`else` by a sentence in its schema's description; returns where.
 * @param {unknown} node any part of the document
 * @param {string} where its JSON Pointer, for messages
 * @param {string[]} [found]
 * @returns {string[]}
 */
function dropConditionals(node, where, found = []) {
  if (!node || typeof node !== 'object') return found;
  if (!Array.isArray(node) && 'if' in node) {
    const schema = /** @type {Schema} */ (node);
    const sentence = describeConditional(schema, where);
    schema.description = schema.description ? `${schema.description.trimEnd()}\n\n${sentence}` : sentence;
    delete schema.if;
    delete schema.then;
    delete schema.else;
    found.push(where);
  }
  for (const [key, child] of Object.entries(node)) dropConditionals(child, `${where}/${key}`, found);
  return found;
}

/**
 * Empties the role lists 3.0 forbids on API keys; returns the roles each requirement named.
 * @param {Requirement[] | undefined} requirements
 * @param {Record<string, { type?: string }>} schemes the document's security schemes, by name
 * @returns {{ requirements: Requirement[] | undefined, roles: string[] }}
 */
function emptyRoles(requirements, schemes) {
  if (!requirements) return { requirements, roles: [] };
  /** @type {string[]} */
  const roles = [];
  /** @type {Set<string>} */
  const seen = new Set();
  /** @type {Requirement[]} */
  const emptied = [];
  for (const requirement of requirements) {
    /** @type {Requirement} */
    const entry = {};
    for (const [name, list] of Object.entries(requirement)) {
      const scoped = SCOPED_TYPES.has(schemes[name]?.type);
      if (!scoped) roles.push(...list.filter((role) => !roles.includes(role)));
      entry[name] = scoped ? list : [];
    }
    const key = JSON.stringify(entry);
    if (!seen.has(key)) emptied.push(entry);
    seen.add(key);
  }
  return { requirements: emptied, roles };
}

/** @param {string[]} roles */
const rolesSentence = (roles) =>
  `**Key scopes.** Send a key of scope ${either(roles)}. The OpenAPI 3.1 bundle names the accepted scopes ` +
  'as security roles of the requirement; OpenAPI 3.0 allows no roles on an API key scheme, so here they ' +
  'are said only in this description.';

/**
 * Moves the security roles of the root and of every operation into descriptions.
 * @param {Document30} document
 * @returns {string[]} the roles the root requirement named
 */
function moveRolesToDescriptions(document) {
  // A bundle's security schemes and path items are inline, never a `$ref`.
  const schemes = /** @type {Record<string, { type?: string }>} */ (document.components?.securitySchemes ?? {});
  const root = emptyRoles(document.security, schemes);
  if (root.requirements) document.security = root.requirements;
  for (const item of Object.values(/** @type {Record<string, PathItem>} */ (document.paths ?? {}))) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation?.security) continue;
      const { requirements, roles } = emptyRoles(operation.security, schemes);
      operation.security = requirements;
      if (roles.length) operation.description = `${(operation.description ?? '').trimEnd()}\n\n${rolesSentence(roles)}`;
    }
  }
  return root.roles;
}

/**
 * The section of `info.description` that says what this edition cannot express.
 * @param {string[]} rootRoles
 * @param {string[]} conditionals where the conditionals were, as JSON Pointers
 */
function editionNote(rootRoles, conditionals) {
  const defaultRoles = rootRoles.length ? `; the document's default requirement accepts ${either(rootRoles)}` : '';
  const where = conditionals.length ? ` (${conditionals.map(code).join(', ')})` : '';
  return [
    '## This OpenAPI 3.0.3 edition',
    '',
    'This document is derived at build time from the OpenAPI 3.1 document of the same name without',
    '`-3.0`, for tools that do not read OpenAPI 3.1. It has the same operations, schemas and examples,',
    'except for what OpenAPI 3.0 cannot express:',
    '',
    '- **Security roles.** The key scopes an operation accepts are said in its description, not in',
    `  its security requirement: 3.0 allows roles only for OAuth scopes${defaultRoles}.`,
    `- **\`if\`/\`then\`/\`else\`.** Each condition${where} is a sentence in its schema's description;`,
    '  a 3.0 validator does not check it.',
    "- **`const`** is a one-value `enum`, and a schema's list of `examples` is its first `example`.",
    "- **`info.summary`** and the license's SPDX `identifier` are left out.",
  ].join('\n');
}

/**
 * Fails when the document uses a 3.1 feature this conversion does not translate.
 * @param {Document31} document
 */
function assertConvertible(document) {
  const found = UNSUPPORTED_ROOT.filter((key) => key in document);
  if (found.length) {
    throw new Error(
      `The spec uses ${found.map(code).join(', ')}, which the OpenAPI 3.0 bundle cannot carry. ` +
        'Translate it in scripts/lib/openapi-3.0.mjs or leave it out of the spec.',
    );
  }
}

/**
 * The OpenAPI 3.0.3 companion of an OpenAPI 3.1 document (the input is not modified).
 * @param {Document31} document a bundled OpenAPI 3.1 document, every `$ref` local
 * @returns {Document30}
 */
export function toOpenApi30(document) {
  if (!/^3\.1\./.test(document.openapi ?? ''))
    throw new Error(`expected an OpenAPI 3.1 document, got openapi: ${document.openapi}`);
  assertConvertible(document);
  // Conditionals first: the converter would turn the `const` they test into an `enum`.
  const source = structuredClone(document);
  const conditionals = [
    ...dropConditionals(source.components, '#/components'),
    ...dropConditionals(source.paths, '#/paths'),
  ];
  const converted = /** @type {Document30} */ (new Converter(source, { verbose: false }).convert());
  const rootRoles = moveRolesToDescriptions(converted);
  const { summary: _summary, ...info } = converted.info;
  info.description = `${(info.description ?? '').trimEnd()}\n\n${editionNote(rootRoles, conditionals)}\n`;
  return { ...converted, info };
}
