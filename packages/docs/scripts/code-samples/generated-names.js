// How OpenAPI Generator names things in the clients CI builds (packages/sdks/generator): one API
// class per tag, one method per operationId, arguments in its order. The docs tests compile every
// sample against the generated clients, so a rule that drifts from the generator fails there.

/** @typedef {import('./operation-model.js').OperationModel} OperationModel */
/**
 * An argument of a generated method: a parameter of the model, or the request body (`in: 'body'`,
 * named after its schema).
 * @typedef {OperationModel['parameters'][number]} ParameterArgument
 * @typedef {{ name: string, in: 'body', required: true, value?: undefined }} BodyArgument
 * @typedef {ParameterArgument | BodyArgument} Argument
 */

/**
 * The words of a tag or an operationId: "Management API" -> [Management, API], get-call -> [get, call].
 * @param {string} name
 */
export const words = (name) => name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean);

/** @param {string} word */
const upperFirst = (word) => word[0].toUpperCase() + word.slice(1);
/** @param {string} word */
const capitalized = (word) => word[0].toUpperCase() + word.slice(1).toLowerCase();

/** Each word's first letter raised, the rest kept: "Management API" -> ManagementAPI. @param {string} name */
export const pascalKeep = (name) => words(name).map(upperFirst).join('');
/** Each word capitalized, the rest lowered: "Management API" -> ManagementApi. @param {string} name */
export const pascalLower = (name) => words(name).map(capitalized).join('');
/** get-call -> getCall. @param {string} name */
export const camel = (name) => {
  const pascal = pascalLower(name);
  return pascal[0].toLowerCase() + pascal.slice(1);
};
/** get-call -> get_call, sessionId -> session_id. @param {string} name */
export const snake = (name) =>
  words(name)
    .map((word) => word.toLowerCase())
    .join('_');

/**
 * The snake_case method of an operationId (Python, Ruby, Rust): the generator camel-cases the
 * operationId first, so a numeric segment joins the word before it: list-profiles-0 ->
 * listProfiles0 -> list_profiles0, not list_profiles_0; get-v2-call -> get_v2_call.
 * @param {string} operationId
 */
export const snakeMethod = (operationId) => snake(camel(operationId));

/**
 * The operation's arguments in the generated methods' order: the required ones as declared (path,
 * query, header parameters, then the body), then the optional ones. `value` is undefined for an
 * optional parameter without an example.
 * @param {OperationModel} model
 * @returns {Argument[]}
 */
export function argumentsInOrder(model) {
  /** @type {BodyArgument[]} */
  const body =
    model.body === undefined
      ? []
      : // Named: every renderer that asks runs requireSupported first, which fails on an unnamed body.
        [{ name: /** @type {string} */ (model.bodySchemaName), in: 'body', required: true }];
  const all = [...model.parameters, ...body];
  return [...all.filter((a) => a.required), ...all.filter((a) => !a.required)];
}

/**
 * Fails with the reason when a sample language cannot express the operation yet.
 * @param {OperationModel} model
 * @param {string} language
 * @returns {asserts model is OperationModel & { tag: string }}
 */
export function requireSupported(model, language) {
  const where = `${model.operationId}: the ${language} sample`;
  if (!model.tag) throw new Error(`${where} needs a tag (the generated client's API class).`);
  if (model.body !== undefined && !model.bodySchemaName)
    throw new Error(`${where} needs a named request body schema (the generated model class).`);
}

/** Beside a configuration keyed by scheme name: the scheme (apiKey) is not the header (apikey). @param {OperationModel} model */
export function schemeNote(model) {
  const names = model.credentials.map(({ scheme }) => `"${scheme}"`).join(' and ');
  const headers = model.credentials.map(({ header }) => header).join(' and ');
  const plural = model.credentials.length > 1;
  return `${names} ${plural ? 'are' : 'is'} the spec's security scheme name${plural ? 's' : ''}; sent in the ${headers} header${plural ? 's' : ''}.`;
}

/**
 * A parameter's example as a literal of a typed language: a string quoted by `quote`, a boolean
 * bare, a number as the parameter's type has it in the generated client: `suffix[type]` after an
 * integer (`int64`: Java's `L`), a decimal point for a `number`, `decimal(text)` for a `number`
 * without a format where the client takes an arbitrary-precision decimal (Java, Kotlin), and
 * `suffix.float` after a `float`.
 * @param {{ name: string, value: unknown, type: string, format?: string }} argument a parameter, never the body
 * @param {(value: unknown) => string} quote
 * @param {{ suffix?: Record<string, string>, decimal?: (text: string) => string }} [options]
 */
export function typedLiteral(argument, quote, { suffix = {}, decimal } = {}) {
  const { value, type, format } = argument;
  if (type === 'string') return quote(value);
  if (type === 'boolean') return String(Boolean(value));
  const number = Number(value);
  if (!Number.isFinite(number)) throw new Error(`parameter "${argument.name}": ${value} is not a ${type}.`);
  if (type !== 'number') return `${number}${suffix[type] ?? ''}`;
  const text = Number.isInteger(number) ? `${number}.0` : String(number);
  if (format === 'float') return `${text}${suffix.float ?? ''}`;
  return format !== 'double' && decimal ? decimal(text) : text;
}
