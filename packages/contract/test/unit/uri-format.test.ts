// The `uri` format's shortcut (PLAIN_HTTP_URL) may only accept what ajv-formats' full RFC 3986
// check accepts; every other value still goes through the full check, so verdicts cannot change.
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { PLAIN_HTTP_URL } from '../../src/check/schema-validators.js';
import { ExchangeValidator, type OpenApiDocument } from '../../src/index.js';
import { seededRandom } from '../support/helpers.js';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as {
  get(format: string): (value: string) => boolean;
};
const fullUri = addFormats.get('uri');

const PIECES = [
  'http',
  'https',
  'ftp',
  ':',
  '//',
  '/',
  '?',
  '#',
  '@',
  '%',
  '%2F',
  '%zz',
  '[',
  ']',
  '::1',
  '.',
  '..',
  '-',
  '_',
  '~',
  '!',
  '$',
  '&',
  "'",
  '(',
  ')',
  '*',
  '+',
  ',',
  ';',
  '=',
  ' ',
  '\\',
  '"',
  '<',
  '>',
  '{',
  '}',
  '|',
  '^',
  '`',
  'a',
  'Z',
  '0',
  '9',
  '8080',
  'example.com',
  'é',
  '\u0000',
  '\n',
  'x.y',
  '127.0.0.1',
  'user:pw',
];

/** Pieces the shortcut accepts in some place, so that generated values reach it often. */
const URL_PIECES = ['/', 'a', 'Z', '0', '9', '.', '-', '_', '~', 'example.com', ':8080', '?', '=', '&', '@', ':', '!'];

describe('the uri format shortcut', () => {
  it('accepts no value the full check refuses (200,000 generated values)', () => {
    const next = seededRandom(20261123);
    let accepted = 0;
    for (let i = 0; i < 200_000; i++) {
      const prefix = next() < 0.7 ? (next() < 0.5 ? 'https://' : 'http://') : '';
      let value = prefix;
      const length = Math.floor(next() * 12);
      for (let j = 0; j < length; j++) {
        const pieces = next() < 0.85 ? URL_PIECES : PIECES;
        value += pieces[Math.floor(next() * pieces.length)];
      }
      if (!PLAIN_HTTP_URL.test(value)) continue;
      accepted++;
      if (!fullUri(value)) throw new Error(`the shortcut accepts ${JSON.stringify(value)}, the full check refuses it`);
    }
    // The generator must reach the shortcut often, or the comparison proves little.
    expect(accepted).toBeGreaterThan(20_000);
  });

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
