// PHP with the client OpenAPI Generator makes from this spec (namespace ChatPlatform\Client, Guzzle
// 7, packages/sdks/generator/php.yaml). Configuration's host serves the operations without a server
// of their own; an operation with one builds its URL from the spec's template, so the sample hands
// it the concrete server through getHostSettingsFor<operationId>. Arguments are named (PHP 8), the
// keys kept by header name.
import {
  argumentsInOrder,
  camel,
  pascalKeep,
  requireSupported,
  schemeNote,
  snake,
  typedLiteral,
} from './generated-names.js';

/** @typedef {import('./operation-model.js').OperationModel} OperationModel */

const NAMESPACE = 'ChatPlatform\\Client';
/** A PHP double-quoted string: JSON's escapes hold, `$` must not interpolate. */
/** @param {unknown} value */
const str = (value) => JSON.stringify(String(value)).replace(/\$/g, '\\$');
/** A PHP single-quoted string: only the backslash and the quote are escaped. */
/** @param {string} text */
const singleQuoted = (text) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The Configuration: the keys, and the host for an operation without a server of its own. */
/** @param {OperationModel} model */
function configuration(model) {
  const calls = model.credentials.map(({ header, envVar }) => `->setApiKey(${str(header)}, getenv(${str(envVar)}))`);
  if (!model.ownServer) calls.push(`->setHost(${str(model.serverUrl)})`);
  // This client writes a boolean in the query as 1 or 0 unless its default configuration says
  // true or false (its serializer reads that one, not the API's).
  const booleanQuery = model.parameters.some((p) => p.in === 'query' && p.type === 'boolean' && p.value !== undefined);
  return [
    ...(booleanQuery
      ? [
          'Configuration::getDefaultConfiguration()->setBooleanFormatForQueryString(Configuration::BOOLEAN_FORMAT_STRING);',
        ]
      : []),
    `// ${schemeNote(model)} This client keeps the keys by header name.`,
    '$config = (new Configuration())',
    ...calls.map((call, i) => `    ${call}${i === calls.length - 1 ? ';' : ''}`),
  ];
}

/** @param {OperationModel} model @param {string} api the generated API class */
function apiInstance(model, api) {
  if (!model.ownServer) return [`$api = new ${api}(null, $config);`];
  return [
    `// ${model.operationId} has a server of its own, which this client builds from the spec's template.`,
    `$api = new class (null, $config) extends ${api} {`,
    `    protected function getHostSettingsFor${camel(model.operationId)}(): array`,
    '    {',
    `        return [['url' => ${str(model.serverUrl)}, 'variables' => []]];`,
    '    }',
    '};',
  ];
}

/** @param {OperationModel} model */
export function phpSample(model) {
  requireSupported(model, 'PHP');
  const api = `${pascalKeep(model.tag)}Api`;
  const uses = [`Api\\${api}`, 'Configuration'];
  const body = [];
  if (model.body !== undefined) {
    uses.push(`Model\\${model.bodySchemaName}`, 'ObjectSerializer');
    body.push(
      `$body = ObjectSerializer::deserialize(json_decode(${singleQuoted(JSON.stringify(model.body))}), ${model.bodySchemaName}::class);`,
    );
  }
  const args = argumentsInOrder(model)
    .filter((a) => a.in === 'body' || a.value !== undefined)
    .map((a) => `${snake(a.name)}: ${a.in === 'body' ? '$body' : typedLiteral(a, str)}`);
  return [
    '<?php',
    "// Load the client first: Composer's vendor/autoload.php, or in this repository",
    "// `php -d auto_prepend_file=packages/sdks/smoke/php/autoload.php sample.php` (Debian's Guzzle).",
    ...uses.sort().map((name) => `use ${NAMESPACE}\\${name};`),
    '',
    ...configuration(model),
    ...apiInstance(model, api),
    ...body,
    '',
    `// Throws ${NAMESPACE}\\ApiException on a non-2xx answer. Printed as JSON: a model is`,
    '// JsonSerializable, and a body the spec leaves untyped comes back as a plain PHP value.',
    `echo json_encode($api->${camel(model.operationId)}(${args.join(', ')}), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\\n";`,
  ].join('\n');
}
