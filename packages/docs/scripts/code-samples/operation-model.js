// Turns one OpenAPI operation into the plain facts every code sample needs: the concrete URL
// (server variables at their defaults, path parameters at their examples), the headers, the
// credentials and the JSON body. Samples are rendered from this model only, so the spec stays the
// single place where an address, a parameter or an example lives.

/**
 * The spec's objects as the model reads them, every `$ref` resolved. Examples are the spec's JSON:
 * `unknown` until a renderer looks at them.
 * @typedef {{ url: string, variables?: Record<string, { default?: string }> }} Server
 * @typedef {{ type?: string | string[], format?: string, example?: unknown, examples?: unknown[] }} ParameterSchema
 * @typedef {{ name: string, in: string, required?: boolean, example?: unknown,
 *   examples?: Record<string, { value?: unknown }>, schema?: ParameterSchema }} Parameter
 * @typedef {{ schema?: { $ref?: string }, example?: unknown, examples?: Record<string, { value?: unknown }> }} MediaType
 * @typedef {{ required?: boolean, content?: Record<string, MediaType> }} RequestBody
 * @typedef {{ operationId?: string, tags?: string[], requestBody?: RequestBody, [field: string]: unknown }} Operation
 * @typedef {{ type?: string, in?: string, name?: string }} SecurityScheme
 * @typedef {Record<string, string[]>} SecurityRequirement scheme name -> roles
 * @typedef {ReturnType<typeof operationModel>} OperationModel what every renderer gets
 */

/**
 * Environment variable that holds a security scheme's secret: apiKey -> CHATPLATFORM_API_KEY.
 * @param {string} schemeName
 */
export function secretEnvVar(schemeName) {
  return `CHATPLATFORM_${schemeName.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;
}

/**
 * A server URL with every `{variable}` replaced by its default.
 * @param {Server} server
 * @returns {string}
 */
export function serverUrlWithDefaults(server) {
  return server.url.replace(/\{([^}]+)\}/g, (/** @type {string} */ _, /** @type {string} */ name) => {
    const variable = server.variables?.[name];
    if (variable?.default === undefined) {
      throw new Error(`Server ${server.url}: variable "${name}" has no default; give it one in the spec.`);
    }
    return variable.default;
  });
}

/**
 * @param {Parameter} parameter
 * @param {string} where the operation, for messages
 * @returns {unknown} the parameter's example, undefined when an optional one has none
 */
function exampleOf(parameter, where) {
  const value =
    parameter.example ??
    Object.values(parameter.examples ?? {})[0]?.value ??
    parameter.schema?.example ??
    parameter.schema?.examples?.[0];
  if (value === undefined && parameter.required) {
    throw new Error(
      `${where}: required ${parameter.in} parameter "${parameter.name}" has no example; add one in the spec.`,
    );
  }
  return value;
}

/**
 * What a parameter's value is in a typed client: `string`, `integer` (32 bits), `int64`, `number` or
 * `boolean`. A query parameter that is an array or an object has no sample yet: said so, not guessed.
 * @param {Parameter} parameter
 * @param {string} where the operation, for messages
 * @returns {'string' | 'integer' | 'int64' | 'number' | 'boolean'}
 */
function scalarTypeOf(parameter, where) {
  const { type, format } = parameter.schema ?? {};
  const types = Array.isArray(type) ? type.filter((t) => t !== 'null') : [type];
  if (types.length !== 1 || types[0] === undefined) {
    if (parameter.in !== 'query') return 'string';
    throw new Error(`${where}: query parameter "${parameter.name}" needs one schema type for the code samples.`);
  }
  const [one] = types;
  if (one === 'integer') return format === 'int64' ? 'int64' : 'integer';
  if (one === 'string' || one === 'number' || one === 'boolean') return one;
  throw new Error(
    `${where}: ${parameter.in} parameter "${parameter.name}" is ${one}; the code samples render string, integer, number and boolean parameters only.`,
  );
}

/**
 * Name of the request body's schema component (`SendMessageRequest`), from its $ref.
 * @param {RequestBody | undefined} requestBody
 */
function bodySchemaNameOf(requestBody) {
  const ref = requestBody?.content?.['application/json']?.schema?.$ref;
  return typeof ref === 'string'
    ? /** @type {string} */ (ref.split('/').pop()).replace(/\.(ya?ml|json)$/, '')
    : undefined;
}

/**
 * @param {RequestBody | undefined} requestBody
 * @param {string} where the operation, for messages
 * @returns {unknown} the body's JSON example
 */
function bodyExampleOf(requestBody, where) {
  if (!requestBody) return undefined;
  const json = requestBody.content?.['application/json'];
  if (!json) throw new Error(`${where}: only application/json request bodies are supported by the code samples.`);
  const value = json.example ?? Object.values(json.examples ?? {})[0]?.value;
  if (value === undefined && requestBody.required) {
    throw new Error(`${where}: the required request body has no example; add one in the spec.`);
  }
  return value;
}

/**
 * @param {object} input
 * @param {string} input.method lower-case HTTP method
 * @param {string} input.path path template, e.g. /calls/{sessionId}
 * @param {Operation} input.operation the operation object, with parameters and requestBody resolved
 * @param {Parameter[]} input.parameters path-level + operation-level parameters, resolved
 * @param {Server} input.server the server that applies (operation, path or root level)
 * @param {Server[]} [input.allServers] the document's root servers, for the defaults of variables the operation's server lacks (appId, region)
 * @param {SecurityRequirement[] | undefined} input.security the security requirements that apply
 * @param {Record<string, SecurityScheme | undefined>} input.securitySchemes resolved security schemes by name
 * @param {string} input.version the spec's info.version (a client's release carries it: Go's module path)
 */
export function operationModel({
  method,
  path,
  operation,
  parameters,
  server,
  allServers = [server],
  security,
  securitySchemes,
  version,
}) {
  if (!operation.operationId)
    throw new Error(`${method.toUpperCase()} ${path}: an operationId is needed to render code samples.`);
  const where = `${method.toUpperCase()} ${path} (${operation.operationId})`;

  /** @type {Map<string, Parameter>} */
  const byKey = new Map();
  for (const parameter of parameters) byKey.set(`${parameter.in}:${parameter.name}`, parameter);
  const all = [...byKey.values()];

  const pathParams = all
    .filter((p) => p.in === 'path')
    .map((p) => ({ name: p.name, value: String(exampleOf(p, where)) }));
  const headers = all
    .filter((p) => p.in === 'header')
    .map((p) => ({ name: p.name, value: exampleOf(p, where), required: Boolean(p.required) }))
    .filter((p) => p.value !== undefined);
  const query = all
    .filter((p) => p.in === 'query')
    .map((p) => ({ name: p.name, value: exampleOf(p, where) }))
    .filter((p) => p.value !== undefined);

  let resolvedPath = path;
  for (const { name, value } of pathParams) resolvedPath = resolvedPath.replace(`{${name}}`, encodeURIComponent(value));

  // The first security requirement is the one the samples show (Get Call: apiKey with fullAccess).
  const requirement = security?.[0] ?? {};
  const credentials = Object.keys(requirement).map((schemeName) => {
    const scheme = securitySchemes[schemeName];
    if (!scheme)
      throw new Error(`${where}: security scheme "${schemeName}" is not defined in components.securitySchemes.`);
    if (scheme.type !== 'apiKey' || scheme.in !== 'header') {
      throw new Error(
        `${where}: code samples support header API keys only, "${schemeName}" is ${scheme.type} in ${scheme.in}.`,
      );
    }
    return { scheme: schemeName, header: scheme.name, envVar: secretEnvVar(schemeName) };
  });

  const serverUrl = serverUrlWithDefaults(server);
  const queryString = query.length
    ? `?${query.map(({ name, value }) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`).join('&')}`
    : '';

  // Defaults of every server variable (appId, region, ...), the operation's own server first.
  /** @type {Record<string, string | undefined>} */
  const variableDefaults = {};
  for (const s of [server, ...allServers]) {
    for (const [name, variable] of Object.entries(s.variables ?? {})) variableDefaults[name] ??= variable.default;
  }

  return {
    version,
    variableDefaults,
    operationId: operation.operationId,
    tag: operation.tags?.[0],
    method: method.toUpperCase(),
    pathTemplate: path,
    pathParams,
    headers,
    // Every parameter as declared, for the clients whose methods take them in order.
    parameters: all.map((p) => ({
      name: p.name,
      // One of OpenAPI's four parameter locations (the spec's lint checks each parameter).
      in: /** @type {'path' | 'query' | 'header' | 'cookie'} */ (p.in),
      required: Boolean(p.required),
      value: exampleOf(p, where),
      type: scalarTypeOf(p, where),
      format: p.schema?.format,
    })),
    query,
    credentials,
    body: bodyExampleOf(operation.requestBody, where),
    bodySchemaName: bodySchemaNameOf(operation.requestBody),
    server,
    // The generated clients give an operation with a server of its own (operation or path level) a
    // host setting of its own, apart from the client-wide one.
    ownServer: server !== allServers[0],
    serverUrl,
    url: `${serverUrl}${resolvedPath}${queryString}`,
  };
}
