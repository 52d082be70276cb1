// operationsOf, the operations every package's tests iterate: a method outside the common five
// (head, options, trace) must not drop an operation, or what a test checks of it would go unchecked
// without a word.
import { describe, expect, it } from 'vitest';
import { HTTP_METHODS, operationsOf } from '../../index.js';

const operation = (operationId: string) => ({ operationId, responses: { '200': { description: 'OK' } } });

describe('operationsOf', () => {
  it('finds an operation on each of the eight methods of a path item', () => {
    const pathItem = Object.fromEntries(HTTP_METHODS.map((method) => [method, operation(`${method}-thing`)]));
    const found = operationsOf({ paths: { '/things': pathItem } });
    expect(found.map((op) => op.operation.operationId).sort()).toEqual(
      ['delete', 'get', 'head', 'options', 'patch', 'post', 'put', 'trace'].map((m) => `${m}-thing`),
    );
  });

  it('gives each its path, method and path item, and ignores what is not a method', () => {
    const pathItem = { summary: 'Calls', parameters: [], servers: [], head: operation('head-call') };
    expect(operationsOf({ paths: { '/calls/{id}': pathItem } })).toEqual([
      { path: '/calls/{id}', method: 'head', pathItem, operation: pathItem.head },
    ]);
  });

  it('finds nothing in a document without paths', () => {
    expect(operationsOf({})).toEqual([]);
  });
});
