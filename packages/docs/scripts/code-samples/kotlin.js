// Kotlin with the client OpenAPI Generator makes from this spec (library jvm-okhttp, packages
// com.chatplatform.kotlin.*, packages/sdks/generator/kotlin.yaml). The API class takes the concrete
// server as its base path; the keys are set by header name, as that client keeps them.
import { argumentsInOrder, camel, pascalKeep, requireSupported, typedLiteral } from './generated-names.js';

/** @typedef {import('./operation-model.js').OperationModel} OperationModel */

const PACKAGE = 'com.chatplatform.kotlin';
/** @param {unknown} value */
const str = (value) => JSON.stringify(String(value)).replace(/\$/g, '\\$');

/** A named argument's value, typed as the generated parameter (kotlin.Int, kotlin.Long, BigDecimal, ...). */
/** @param {import('./generated-names.js').ParameterArgument} argument */
const kotlinLiteral = (argument) =>
  typedLiteral(argument, str, {
    suffix: { int64: 'L', float: 'f' },
    decimal: (text) => `java.math.BigDecimal(${str(text)})`,
  });

/** @param {OperationModel} model */
export function kotlinSample(model) {
  requireSupported(model, 'Kotlin');
  const api = `${pascalKeep(model.tag)}Api`;
  const args = argumentsInOrder(model)
    .filter((a) => a.in === 'body' || a.value !== undefined)
    .map((a) => (a.in === 'body' ? `${camel(a.name)} = body` : `${a.name} = ${kotlinLiteral(a)}`));
  const imports = [`${PACKAGE}.apis.${api}`, `${PACKAGE}.infrastructure.ApiClient`];
  const body = [];
  if (model.body !== undefined) {
    imports.push(`${PACKAGE}.infrastructure.Serializer`, `${PACKAGE}.models.${model.bodySchemaName}`);
    const json = JSON.stringify(model.body);
    if (json.includes('"""') || json.includes('$'))
      throw new Error(`${model.operationId}: the Kotlin sample's raw string cannot hold """ or $.`);
    body.push(`    val body = Serializer.moshi.adapter(${model.bodySchemaName}::class.java).fromJson("""${json}""")!!`);
  }
  return [
    ...imports.sort().map((name) => `import ${name}`),
    '',
    'fun main() {',
    `    // By header name, as this client keeps them (${model.credentials.map(({ scheme, header }) => `${header}: the spec's "${scheme}" scheme`).join('; ')}).`,
    ...model.credentials.map(
      ({ header, envVar }) => `    ApiClient.apiKey[${str(header)}] = System.getenv(${str(envVar)})`,
    ),
    `    val api = ${api}(${str(model.serverUrl)})`,
    ...body,
    `    // Throws ${PACKAGE}.infrastructure.ClientException on a 4xx answer.`,
    `    println(api.${camel(model.operationId)}(${args.join(', ')}))`,
    '}',
  ].join('\n');
}
