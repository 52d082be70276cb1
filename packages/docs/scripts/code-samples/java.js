// Java with the client OpenAPI Generator makes from this spec (library okhttp-gson, packages
// com.chatplatform.client{,.api,.model}, packages/sdks/generator/java.yaml). One class per
// operation, named after it; the operation's API gets its concrete server with setCustomBaseUrl.
import {
  argumentsInOrder,
  camel,
  pascalKeep,
  pascalLower,
  requireSupported,
  schemeNote,
  typedLiteral,
} from './generated-names.js';

/** @typedef {import('./operation-model.js').OperationModel} OperationModel */

const PACKAGE = 'com.chatplatform.client';
/** @param {unknown} value */
const str = (value) => JSON.stringify(String(value));

/** @param {OperationModel} model */
export function javaSample(model) {
  requireSupported(model, 'Java');
  const api = `${pascalLower(model.tag)}Api`;
  const args = argumentsInOrder(model).map((a) => {
    if (a.in === 'body') return 'body';
    // Every parameter is an argument in order, boxed: null leaves an optional one out.
    if (a.value === undefined) return 'null';
    return typedLiteral(a, str, {
      suffix: { int64: 'L', float: 'f' },
      decimal: (text) => `new java.math.BigDecimal(${str(text)})`,
    });
  });
  const imports = [`${PACKAGE}.ApiClient`, `${PACKAGE}.api.${api}`, `${PACKAGE}.auth.ApiKeyAuth`];
  if (model.body !== undefined) imports.push(`${PACKAGE}.model.${model.bodySchemaName}`);
  const body =
    model.body === undefined
      ? []
      : [`    ${model.bodySchemaName} body = ${model.bodySchemaName}.fromJson(${str(JSON.stringify(model.body))});`];
  return [
    ...imports.sort().map((name) => `import ${name};`),
    '',
    `public class ${pascalKeep(model.operationId)} {`,
    '  public static void main(String[] args) throws Exception {',
    '    ApiClient client = new ApiClient();',
    `    // ${schemeNote(model)}`,
    ...model.credentials.map(
      ({ scheme, envVar }) =>
        `    ((ApiKeyAuth) client.getAuthentication(${str(scheme)})).setApiKey(System.getenv(${str(envVar)}));`,
    ),
    `    ${api} api = new ${api}(client);`,
    `    api.setCustomBaseUrl(${str(model.serverUrl)});`,
    ...body,
    `    // Throws ${PACKAGE}.ApiException on a non-2xx answer.`,
    `    System.out.println(api.${camel(model.operationId)}(${args.join(', ')}));`,
    '  }',
    '}',
  ].join('\n');
}
