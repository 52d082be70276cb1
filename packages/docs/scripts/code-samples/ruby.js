// Ruby with the client OpenAPI Generator makes from this spec (ChatplatformClient, library
// Typhoeus, packages/sdks/generator/ruby.yaml). The client is told the operation's concrete server
// and to ignore the templated one; it keeps the keys by header name. Required arguments are
// positional, optional ones go in the trailing options hash.
import {
  argumentsInOrder,
  pascalKeep,
  requireSupported,
  schemeNote,
  snake,
  snakeMethod,
  typedLiteral,
} from './generated-names.js';

/** @typedef {import('./operation-model.js').OperationModel} OperationModel */

const MODULE = 'ChatplatformClient';
/** A Ruby double-quoted string: JSON's escapes hold, `#{` must not interpolate. */
/** @param {unknown} value */
const str = (value) => JSON.stringify(String(value)).replace(/#/g, '\\#');
/** A Ruby single-quoted string: only the backslash and the quote are escaped. */
/** @param {string} text */
const singleQuoted = (text) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * An optional parameter: the body, when there is one, is always required.
 * @param {import('./generated-names.js').Argument} a
 * @returns {a is import('./generated-names.js').ParameterArgument}
 */
const isOptional = (a) => !a.required;

/** @param {OperationModel} model */
function callArguments(model) {
  const given = argumentsInOrder(model).filter((a) => a.in === 'body' || a.value !== undefined);
  const positional = given.filter((a) => a.required).map((a) => (a.in === 'body' ? 'body' : typedLiteral(a, str)));
  const options = given.filter(isOptional).map((a) => `${snake(a.name)}: ${typedLiteral(a, str)}`);
  return options.length ? [...positional, `{ ${options.join(', ')} }`] : positional;
}

/** @param {OperationModel} model */
export function rubySample(model) {
  requireSupported(model, 'Ruby');
  const api = `${MODULE}::${pascalKeep(model.tag)}Api`;
  const body =
    model.body === undefined
      ? []
      : [
          `body = ${MODULE}::${model.bodySchemaName}.build_from_hash(JSON.parse(${singleQuoted(JSON.stringify(model.body))}))`,
        ];
  return [
    '# The generated client on the load path: `ruby -I packages/sdks/generated/ruby/lib sample.rb`',
    '# (its HTTP library is Typhoeus), or the gem built from that directory.',
    "require 'json'",
    "require 'uri'",
    "require 'chatplatform_client'",
    '',
    `server = URI(${str(model.serverUrl)})`,
    `config = ${MODULE}::Configuration.new do |c|`,
    '  c.scheme = server.scheme',
    '  c.host = "#{server.host}:#{server.port}"',
    '  c.base_path = server.path',
    '  c.ignore_operation_servers = true',
    `  # ${schemeNote(model)} This client keeps the keys by header name.`,
    `  c.api_key = { ${model.credentials.map(({ header, envVar }) => `${str(header)} => ENV.fetch(${str(envVar)})`).join(', ')} }`,
    'end',
    `api = ${api}.new(${MODULE}::ApiClient.new(config))`,
    ...body,
    '',
    `# Raises ${MODULE}::ApiError on a non-2xx answer.`,
    `response = api.${snakeMethod(model.operationId)}(${callArguments(model).join(', ')})`,
    'puts response',
  ].join('\n');
}
