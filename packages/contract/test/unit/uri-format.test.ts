// The `uri` format is ajv-formats' RFC 3986 check: the validator's verdict on a value is that check's.
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { ExchangeValidator, type OpenApiDocument } from '../../src/index.js';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as {
  get(format: string): (value: string) => boolean;
};
const fullUri = addFormats.get('uri');

describe('the uri format', () => {
  it('gives the same verdicts as the full check on a schema, for values either side', () => {
    const doc: OpenApiDocument = {
      openapi: '3.1.0',
      info: { title: 'uri', version: '1' },
      paths: {
        '/u': {
          get: {
            responses: {
              '200': {
                description: 'a URI',
                content: { 'application/json': { schema: { type: 'string', format: 'uri' } } },
              },
            },
          },
        },
      },
    };
    const validator = new ExchangeValidator(doc);
    const values = [
      'https://assets.example.com/avatars/u-1.webp',
      'http://h:8080/a/b?c=d&e',
      'https://[::1]/x',
      'mailto:someone@example.com',
      'https://exa mple.com/',
      'https://example.com/%zz',
      '/relative/path',
      'no scheme',
      '',
    ];
    for (const value of values) {
      const report = validator.validate({
        request: { method: 'GET', url: '/u', headers: {} },
        response: { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) },
      });
      expect({ value, conforms: report.violations.length === 0 }).toEqual({ value, conforms: fullUri(value) });
    }
  });
});
