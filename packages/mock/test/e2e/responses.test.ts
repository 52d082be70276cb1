import { describe, expect, inject, it } from 'vitest';
import { type Operation, operations, spec, validateResponse } from '../support/spec-operations.js';

/** The mock's equivalent of the production URL: only scheme, host and port swapped. */
function onMock(mockUrl: string, productionUrl: string): string {
  const url = new URL(productionUrl);
  return mockUrl + url.pathname + url.search;
}

async function send(mockUrl: string, op: Operation, headers: Record<string, string>) {
  const res = await fetch(onMock(mockUrl, op.productionUrl), {
    method: op.method,
    headers: { ...headers, ...(op.body ? { 'content-type': 'application/json' } : {}) },
    body: op.body,
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
}

/**
 * Get Call declares no 401: a request without credentials then gets Prism's own problem document,
 * the one answer the spec cannot describe (see the README). Any other undocumented answer fails.
 */
function isPrismSecurityError(op: Operation, status: number, body: any): boolean {
  return status === 401 && !op.responses['401'] && !op.responses['4XX'] && body?.type?.endsWith('#UNAUTHORIZED');
}

const mocks = () => [
  { mode: 'static', url: inject('mockUrl') },
  ...Object.entries(inject('dynamicMockUrls')).map(([seed, url]) => ({ mode: `dynamic, seed ${seed}`, url })),
];

describe('production URLs', () => {
  it('lists every operation of the spec, including the management API', () => {
    expect(operations.map((op) => op.id).sort()).toEqual(
      Object.values(spec.paths)
        .flatMap((item: any) =>
          Object.values(item)
            .map((o: any) => o.operationId)
            .filter(Boolean),
        )
        .sort(),
    );
    expect(operations.some((op) => !op.productionUrl.includes('/v3/'))).toBe(true);
  });

  for (const op of operations) {
    it(`answers ${op.method} ${op.productionUrl} (${op.id}) with a success`, async () => {
      const { status } = await send(inject('mockUrl'), op, op.authHeaders);
      expect(status).toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(300);
    });
  }
});

describe('every response validates against the spec', () => {
  for (const op of operations) {
    it(`${op.id}: success, missing credentials and (where documented) 400, static and dynamic`, async () => {
      for (const { mode, url } of mocks()) {
        const cases = [{ headers: op.authHeaders }, { headers: {} }];
        if (op.responses['400']) cases.push({ headers: { ...op.authHeaders, Prefer: 'code=400' } });
        for (const { headers } of cases) {
          const { status, body } = await send(url, op, headers);
          if (isPrismSecurityError(op, status, body)) continue;
          expect(validateResponse(op, status, body), `${mode}, ${status}: ${JSON.stringify(body)}`).toEqual([]);
          // A schema echoed as the body would validate against an any-value schema: say it plainly.
          expect(JSON.stringify(body ?? null), `${mode}, ${status}`).not.toContain('"$schema"');
        }
      }
    });
  }

  it('generates different bodies for different seeds and the same for the same seed', async () => {
    const getCall = operations.find((op) => op.id === 'get-call')!;
    const bodies = await Promise.all(mocks().map(({ url }) => send(url, getCall, getCall.authHeaders)));
    const dynamic = bodies.slice(1).map((b) => JSON.stringify(b.body));
    expect(new Set(dynamic).size).toBe(dynamic.length);
    const again = await send(Object.values(inject('dynamicMockUrls'))[0]!, getCall, getCall.authHeaders);
    expect(JSON.stringify(again.body)).toBe(dynamic[0]);
  });
});
