// One body may hold any number of faults: the report stays bounded and the check linear, with no
// recursion or argument spread that the body's size can overflow.
import { describe, expect, it } from 'vitest';
import { MAX_BODY_VIOLATIONS } from '../../src/check/body.js';
import { ExchangeValidator } from '../../src/check/exchange-validator.js';

const validator = new ExchangeValidator();

function getCallAnswering(body: unknown) {
  return {
    request: { method: 'GET', url: 'https://app.call-us.example.test/v3/calls/s1', headers: { apikey: 'k' } },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body },
  };
}

describe('a body with very many violations', () => {
  it('lists the first violations and counts the rest, for 250,000 failing items', () => {
    const items = 250_000;
    const report = validator.validate(getCallAnswering({ data: new Array(items).fill(1) }));
    expect(report.violations).toHaveLength(MAX_BODY_VIOLATIONS + 1);
    expect(report.violations[0]).toMatchObject({ pointer: '/response/body/data/0', expected: 'type object' });
    expect(report.violations.at(-1)).toMatchObject({
      pointer: '/response/body',
      found: `${items - MAX_BODY_VIOLATIONS} more schema violations, not listed`,
    });
  });

  it('a body under the limit is reported whole, with no closing count', () => {
    const report = validator.validate(getCallAnswering({ data: [1, 2, 3] }));
    expect(report.violations.map((v) => v.pointer)).toEqual([
      '/response/body/data/0',
      '/response/body/data/1',
      '/response/body/data/2',
    ]);
  });
});
