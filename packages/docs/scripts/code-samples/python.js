// Python with the client OpenAPI Generator makes from this spec (package chatplatform_client). The
// names follow that generator's rules: one <Tag>Api class per tag, snake_case methods and parameters,
// the request body named after its schema.
//
// The generated client does not fill in server variables ({appId}, {region}), so the sample gives it
// the concrete address of the operation's server and tells it to ignore the templated one.

import { schemeNote, snakeMethod } from './generated-names.js';

/** @typedef {import('./operation-model.js').OperationModel} OperationModel */

const PACKAGE = 'chatplatform_client';

/** @param {string} name */
const snake = (name) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();
/** @param {string} tag */
const apiClass = (tag) =>
  `${tag
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((/** @type {string} */ word) => word[0].toUpperCase() + word.slice(1))
    .join('')}Api`;

/** @param {unknown} value */
const str = (value) => JSON.stringify(String(value));

/**
 * A JSON value as a Python literal.
 * @param {unknown} value
 * @param {number} [depth]
 * @returns {string}
 */
function pyLiteral(value, depth = 0) {
  const pad = '    '.repeat(depth + 1);
  const end = '    '.repeat(depth);
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return str(value);
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    return `[\n${value.map((v) => `${pad}${pyLiteral(v, depth + 1)},`).join('\n')}\n${end}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    if (!entries.length) return '{}';
    return `{\n${entries.map(([k, v]) => `${pad}${str(k)}: ${pyLiteral(v, depth + 1)},`).join('\n')}\n${end}}`;
  }
  return JSON.stringify(value);
}

/** @param {OperationModel} model */
export function pythonSample(model) {
  if (!model.tag)
    throw new Error(`${model.operationId}: the Python sample needs a tag (the generated client's Api class).`);
  const args = [
    ...model.pathParams.map(({ name, value }) => [snake(name), str(value)]),
    ...model.query.map(({ name, value }) => [snake(name), pyLiteral(value, 2)]),
  ];
  if (model.body !== undefined) {
    if (!model.bodySchemaName)
      throw new Error(`${model.operationId}: the request body needs a named schema for the Python sample.`);
    args.push([
      snake(model.bodySchemaName),
      `${PACKAGE}.${model.bodySchemaName}.from_dict(${pyLiteral(model.body, 2)})`,
    ]);
  }
  args.push(...model.headers.map(({ name, value }) => [snake(name), str(value)]));

  const call = args.length
    ? `api.${snakeMethod(model.operationId)}(\n${args.map(([k, v]) => `        ${k}=${v},`).join('\n')}\n    )`
    : `api.${snakeMethod(model.operationId)}()`;
  return [
    'import os',
    '',
    `import ${PACKAGE}`,
    '',
    `configuration = ${PACKAGE}.Configuration(`,
    `    host=${str(model.serverUrl)},`,
    '    ignore_operation_servers=True,',
    ')',
    `# ${schemeNote(model)}`,
    ...model.credentials.map(
      ({ scheme, envVar }) => `configuration.api_key[${str(scheme)}] = os.environ[${str(envVar)}]`,
    ),
    '',
    `with ${PACKAGE}.ApiClient(configuration) as api_client:`,
    `    api = ${PACKAGE}.${apiClass(model.tag)}(api_client)`,
    `    # Raises ${PACKAGE}.ApiException on a non-2xx answer.`,
    `    response = ${call}`,
    '    print(response)',
  ].join('\n');
}
