// curl: the concrete request, credentials read from environment variables, never inlined.

/** @typedef {import('./operation-model.js').OperationModel} OperationModel */

/** @param {unknown} text */
const shellQuote = (text) => `'${String(text).replace(/'/g, `'\\''`)}'`;

/** @param {OperationModel} model */
export function curlSample(model) {
  const lines = [`curl --request ${model.method}`, `--url ${shellQuote(model.url)}`];
  for (const { header, envVar } of model.credentials) lines.push(`--header "${header}: $${envVar}"`);
  for (const { name, value } of model.headers) lines.push(`--header ${shellQuote(`${name}: ${value}`)}`);
  if (model.body !== undefined) {
    lines.push(`--header 'content-type: application/json'`);
    lines.push(`--data ${shellQuote(JSON.stringify(model.body))}`);
  }
  return lines.join(' \\\n  ');
}
