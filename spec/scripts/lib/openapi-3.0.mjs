// The OpenAPI 3.0.3 companion of a 3.1 document, for the tools that refuse 3.1 (progenitor) or
// read it badly (swagger-codegen). @apiture/openapi-down-convert does the conversion it knows
// (`openapi: 3.0.3`, schema `examples` to `example`, `const` to `enum`, `license.identifier`);
// this module does what that tool leaves to its user, for the features this spec uses, and says in
// the document what 3.0 cannot express. A 3.1 feature it does not know stops the build.
import downConvert from '@apiture/openapi-down-convert';
import { HTTP_METHODS } from '../../index.js';

const { Converter } = downConvert;

/** Security scheme types whose requirement lists scopes in 3.0; for every other type it must be empty. */
const SCOPED_TYPES = new Set(['oauth2', 'openIdConnect']);

/** 3.1 document fields 3.0 has no place for, and which this conversion does not translate. */
const UNSUPPORTED_ROOT = ['webhooks', 'jsonSchemaDialect'];

const code = (value) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

/** "`a` or `b`", "`a`, `b` or `c`" */
function either(values) {
  const quoted = values.map(code);
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

/**
 * `if`/`then`/`else` in the one shape this spec uses (if: properties with `const`; then: required,
 * with properties the schema declares already; else: a title), as a sentence.
 */
function describeConditional(schema, where) {
  const { if: condition, then: consequence, else: alternative = {} } = schema;
  const unsupported = (part) =>
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

/** Replaces every `if`/`then`/`else` by a sentence in its schema's description; returns where. */
function dropConditionals(node, where, found = []) {
  if (!node || typeof node !== 'object') return found;
  if (!Array.isArray(node) && 'if' in node) {
    const sentence = describeConditional(node, where);
    node.description = node.description ? `${node.description.trimEnd()}\n\n${sentence}` : sentence;
    delete node.if;
    delete node.then;
    delete node.else;
    found.push(where);
  }
  for (const [key, child] of Object.entries(node)) dropConditionals(child, `${where}/${key}`, found);
  return found;
}

/** Empties the role lists 3.0 forbids on API keys; returns the roles each requirement named. */
function emptyRoles(requirements, schemes) {
  if (!requirements) return { requirements, roles: [] };
  const roles = [];
  const seen = new Set();
  const emptied = [];
  for (const requirement of requirements) {
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

const rolesSentence = (roles) =>
  `**Key scopes.** Send a key of scope ${either(roles)}. The OpenAPI 3.1 bundle names the accepted scopes ` +
  'as security roles of the requirement; OpenAPI 3.0 allows no roles on an API key scheme, so here they ' +
  'are said only in this description.';

/** Moves the security roles of the root and of every operation into descriptions. */
function moveRolesToDescriptions(document) {
  const schemes = document.components?.securitySchemes ?? {};
  const root = emptyRoles(document.security, schemes);
  if (root.requirements) document.security = root.requirements;
  for (const item of Object.values(document.paths ?? {})) {
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

/** The section of `info.description` that says what this edition cannot express. */
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

/** Fails when the document uses a 3.1 feature this conversion does not translate. */
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
 * @param {any} document a bundled OpenAPI 3.1 document, every `$ref` local
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
  /** @type {any} the converter's result: a plain OpenAPI 3.0 document */
  const converted = new Converter(source, { verbose: false }).convert();
  const rootRoles = moveRolesToDescriptions(converted);
  const { summary: _summary, ...info } = converted.info;
  info.description = `${(info.description ?? '').trimEnd()}\n\n${editionNote(rootRoles, conditionals)}\n`;
  return { ...converted, info };
}
