// Go with the client OpenAPI Generator makes from this spec (packages/sdks/generator/go.yaml),
// imported by the module path its release has (@chatplatform/sdks' goModulePath: `/vN` at its end
// from v2 on). The sample gives the operation its concrete server (the reader's app and region, or
// the mock), reads the keys from the environment and prints the answer as JSON.
import { goModulePath } from '@chatplatform/sdks/paths';
import { argumentsInOrder, pascalKeep, requireSupported, schemeNote, typedLiteral } from './generated-names.js';

/** @typedef {import('./operation-model.js').OperationModel} OperationModel */

/** @param {unknown} value */
const str = (value) => JSON.stringify(String(value));

/** @param {string} json @param {string} where the operation, for the message */
function rawString(json, where) {
  if (json.includes('`')) throw new Error(`${where}: the Go sample's raw string cannot hold a backtick.`);
  return `\`${json}\``;
}

/** @param {OperationModel} model */
function keysContext(model) {
  const width = Math.max(...model.credentials.map(({ scheme }) => str(scheme).length + 1));
  return [
    `\t// ${schemeNote(model)}`,
    '\tctx := context.WithValue(context.Background(), chatplatform.ContextAPIKeys, map[string]chatplatform.APIKey{',
    ...model.credentials.map(
      ({ scheme, envVar }) => `\t\t${`${str(scheme)}:`.padEnd(width)} {Key: os.Getenv(${str(envVar)})},`,
    ),
    '\t})',
  ];
}

/** @param {OperationModel} model @param {string} service the API's field of the client */
function callExpression(model, service) {
  const positional = model.pathParams.map(({ value }) => str(value));
  let call = `client.${service}.${pascalKeep(model.operationId)}(${['ctx', ...positional].join(', ')})`;
  for (const argument of argumentsInOrder(model)) {
    if (argument.in === 'path') continue;
    if (argument.in === 'body') call += `.${argument.name}(body)`;
    // A query or header parameter is a setter of the request builder, typed as the spec's schema.
    else if (argument.value !== undefined) call += `.${pascalKeep(argument.name)}(${typedLiteral(argument, str)})`;
  }
  return `${call}.Execute()`;
}

/** @param {OperationModel} model */
export function goSample(model) {
  requireSupported(model, 'Go');
  if (!model.version)
    throw new Error(`${model.operationId}: the Go sample needs the spec's info.version (its module path).`);
  const service = `${pascalKeep(model.tag)}API`;
  const body =
    model.body === undefined
      ? []
      : [
          '',
          `\tvar body chatplatform.${model.bodySchemaName}`,
          `\tif err := json.Unmarshal([]byte(${rawString(JSON.stringify(model.body, null, 2), model.operationId)}), &body); err != nil {`,
          '\t\tlog.Fatal(err)',
          '\t}',
        ];
  return [
    'package main',
    '',
    'import (',
    '\t"context"',
    '\t"encoding/json"',
    '\t"fmt"',
    '\t"log"',
    '\t"os"',
    '',
    `\tchatplatform ${str(goModulePath(model.version))}`,
    ')',
    '',
    'func main() {',
    '\tconfig := chatplatform.NewConfiguration()',
    `\tconfig.OperationServers[${str(`${service}Service.${pascalKeep(model.operationId)}`)}] = chatplatform.ServerConfigurations{{URL: ${str(model.serverUrl)}}}`,
    '\tclient := chatplatform.NewAPIClient(config)',
    ...keysContext(model),
    ...body,
    '',
    '\t// err is a *chatplatform.GenericOpenAPIError on a non-2xx answer.',
    `\tresponse, _, err := ${callExpression(model, service)}`,
    '\tif err != nil {',
    '\t\tlog.Fatal(err)',
    '\t}',
    '\tout, _ := json.Marshal(response)',
    '\tfmt.Println(string(out))',
    '}',
  ].join('\n');
}
