// TypeScript with our client, @chatplatform/client. Get Call uses the client's convenience method;
// every other operation the typed openapi-fetch client underneath (`client.api`), whose paths and
// parameters come from the same spec.

/** @typedef {import('./operation-model.js').OperationModel} OperationModel */

const CLIENT_PACKAGE = '@chatplatform/client';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** @param {unknown} value */
const literal = (value) => `'${JSON.stringify(String(value)).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
/** @param {string} name */
const key = (name) => (IDENTIFIER.test(name) ? name : literal(name));

/** @param {[string, string][]} entries name and value, each as TypeScript */
function objectLiteral(entries) {
  return `{ ${entries.map(([name, value]) => `${key(name)}: ${value}`).join(', ')} }`;
}

/**
 * A JSON value as idiomatic TypeScript: unquoted keys, single-quoted strings, two-space indent.
 * @param {unknown} value
 * @param {number} [depth]
 * @returns {string}
 */
function valueLiteral(value, depth = 0) {
  const pad = '  '.repeat(depth + 1);
  const end = '  '.repeat(depth);
  if (typeof value === 'string') return literal(value);
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    return `[\n${value.map((v) => `${pad}${valueLiteral(v, depth + 1)},`).join('\n')}\n${end}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (!entries.length) return '{}';
    return `{\n${entries.map(([k, v]) => `${pad}${key(k)}: ${valueLiteral(v, depth + 1)},`).join('\n')}\n${end}}`;
  }
  return JSON.stringify(value);
}

/** @param {OperationModel} model */
function clientSetup(model) {
  // createClient always takes the app and its region (they pick the Calls and chat hosts).
  const defaults = model.variableDefaults;
  const options = [
    ['appId', literal(defaults.appId)],
    ['region', literal(defaults.region)],
  ];
  // The client's credential options are named after the spec's security schemes (apiKey, managementKey, ...).
  for (const { scheme, envVar } of model.credentials) options.push([scheme, `process.env.${envVar}`]);
  return [
    `import { createClient } from '${CLIENT_PACKAGE}';`,
    '',
    `const client = createClient({`,
    ...options.map(([key, value]) => `  ${key}: ${value},`),
    `});`,
  ];
}

/** @param {OperationModel} model */
function getCallLines(model) {
  // Get Call's path is /calls/{sessionId}.
  const sessionId = /** @type {{ value: string }} */ (model.pathParams.find((p) => p.name === 'sessionId')).value;
  const onBehalfOf = model.headers.find((h) => h.name === 'onBehalfOf');
  const args = [literal(sessionId)];
  if (onBehalfOf) args.push(objectLiteral([['onBehalfOf', literal(onBehalfOf.value)]]));
  return [
    '',
    '// Throws a typed error (BadRequestError, AuthenticationError, ...) on a non-2xx answer.',
    `const call = await client.calls.get(${args.join(', ')});`,
    'console.log(call.data[0]);',
  ];
}

/** @param {OperationModel} model */
function typedApiLines(model) {
  const init = [];
  /** @type {[string, string][]} */
  const params = [];
  if (model.pathParams.length) {
    params.push(['path', objectLiteral(model.pathParams.map(({ name, value }) => [name, literal(value)]))]);
  }
  if (model.headers.length) {
    params.push(['header', objectLiteral(model.headers.map(({ name, value }) => [name, literal(value)]))]);
  }
  if (model.query.length) {
    params.push(['query', objectLiteral(model.query.map(({ name, value }) => [name, valueLiteral(value)]))]);
  }
  if (params.length) init.push(`  params: ${objectLiteral(params)},`);
  if (model.body !== undefined) init.push(`  body: ${valueLiteral(model.body, 1)},`);
  const call = init.length
    ? `await client.api.${model.method}('${model.pathTemplate}', {\n${init.join('\n')}\n});`
    : `await client.api.${model.method}('${model.pathTemplate}');`;
  return [
    '',
    `const { data, error, response } = ${call}`,
    `if (!response.ok) throw new Error(\`${model.operationId} failed: \${response.status} \${JSON.stringify(error)}\`);`,
    'console.log(data);',
  ];
}

/** @param {OperationModel} model */
export function typescriptSample(model) {
  const body = model.operationId === 'get-call' ? getCallLines(model) : typedApiLines(model);
  return [...clientSetup(model), ...body].join('\n');
}
