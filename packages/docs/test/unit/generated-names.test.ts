// The samples call the methods OpenAPI Generator makes. For an operationId with a numeric segment
// the generator camel-cases first, then snake-cases (list-profiles-0 -> listProfiles0 ->
// list_profiles0): the names below are what OpenAPI Generator 7.24's python, ruby and rust output
// declares for these operationIds.
import { describe, expect, it } from 'vitest';
import { operationModel } from '../../scripts/code-samples/operation-model.js';
import { pythonSample } from '../../scripts/code-samples/python.js';
import { rubySample } from '../../scripts/code-samples/ruby.js';
import { rustSample } from '../../scripts/code-samples/rust.js';

const server = { url: 'https://api.example.test/v3' };
const modelOf = (operationId: string) =>
  operationModel({
    method: 'get',
    path: '/profiles',
    operation: { operationId, tags: ['Profiles'], responses: { '200': { description: 'ok' } } },
    parameters: [],
    server,
    security: [{ apiKey: [] }],
    securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'apikey' } },
    version: '3.0.0',
  });

describe('snake_case method names of operationIds with a numeric segment', () => {
  it.each([
    ['list-profiles-0', 'list_profiles0'],
    ['get-v2-call', 'get_v2_call'],
    ['get-call', 'get_call'],
  ])('%s is %s in the Python, Ruby and Rust samples', (operationId, method) => {
    const model = modelOf(operationId);
    expect(pythonSample(model)).toContain(`api.${method}()`);
    expect(rubySample(model)).toContain(`api.${method}()`);
    expect(rustSample(model)).toContain(`profiles_api::${method}(&config)`);
    expect(rustSample(model)).toContain(`insert("${method}".into()`);
  });
});
