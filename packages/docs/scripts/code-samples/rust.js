// Rust with the client OpenAPI Generator makes from this spec (crate chatplatform-client, library
// reqwest, packages/sdks/generator/rust.yaml), on tokio. The configuration gives the operation its
// concrete server and holds each key under its security scheme's name.
import { argumentsInOrder, requireSupported, schemeNote, snake, snakeMethod, typedLiteral } from './generated-names.js';

/** @typedef {import('./operation-model.js').OperationModel} OperationModel */

const CRATE = 'chatplatform_client';
/** @param {unknown} value */
const str = (value) => JSON.stringify(String(value));

/** @param {string} json @param {string} where the operation, for the message */
function rawString(json, where) {
  if (json.includes('"#')) throw new Error(`${where}: the Rust sample's raw string cannot hold "#.`);
  return `r#"${json}"#`;
}

/** @param {OperationModel} model */
export function rustSample(model) {
  requireSupported(model, 'Rust');
  const module = `${snake(model.tag)}_api`;
  const args = argumentsInOrder(model).map((a) => {
    if (a.in === 'body') return 'body';
    // Strings as &str, numbers as the parameter's integer or float type; optional ones in an Option.
    if (a.required) return typedLiteral(a, str);
    return a.value === undefined ? 'None' : `Some(${typedLiteral(a, str)})`;
  });
  const body =
    model.body === undefined
      ? []
      : [
          `    let body: models::${model.bodySchemaName} = serde_json::from_str(${rawString(JSON.stringify(model.body), model.operationId)})?;`,
        ];
  return [
    `use ${CRATE}::apis::{configuration, ${module}};`,
    ...(model.body === undefined ? [] : [`use ${CRATE}::models;`]),
    '',
    '#[tokio::main(flavor = "current_thread")]',
    'async fn main() -> Result<(), Box<dyn std::error::Error>> {',
    '    let mut config = configuration::Configuration::new();',
    `    config.operation_base_paths.insert(${str(snakeMethod(model.operationId))}.into(), ${str(model.serverUrl)}.into());`,
    `    // ${schemeNote(model)}`,
    ...model.credentials.map(
      ({ scheme, envVar }) =>
        `    config.api_keys.insert(${str(scheme)}.into(), configuration::ApiKey { prefix: None, key: std::env::var(${str(envVar)})? });`,
    ),
    ...body,
    '    // An Err(Error::ResponseError) on a non-2xx answer.',
    `    let response = ${module}::${snakeMethod(model.operationId)}(${['&config', ...args].join(', ')}).await?;`,
    '    println!("{response:?}");',
    '    Ok(())',
    '}',
  ].join('\n');
}
