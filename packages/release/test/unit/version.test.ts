// One version, decided by the gate: the version rule on the gate's findings (the gate itself runs in
// test/e2e/gate.test.ts).
import { describe, expect, it } from 'vitest';
import { checkVersion, expectedVersion, kindOf } from '../../src/version.mjs';

const base = { version: '3.4.2' };
const passing = { breaking: [], verdict: 'pass', reason: 'no breaking change' };
const added = [{ id: 'endpoint-added', level: 1, text: 'endpoint added' }];
const changed = [{ id: 'api-description-changed', level: 1, text: 'description changed' }];

describe('the version rule', () => {
  it('a breaking change needs the next major', () => {
    const gate = { breaking: [{ id: 'x' }], verdict: 'pass', reason: '' };
    expect(expectedVersion(base, gate, []).expected).toBe('4.0.0');
    expect(() => checkVersion(base, '3.5.0', gate, added)).toThrow(
      "the spec's info.version is 3.5.0, but 1 breaking change(s) since 3.4.2 make it 4.0.0: set info.version in spec/openapi.yaml to 4.0.0",
    );
  });

  it("a breaking change at the next major still fails when the gate refuses it (the servers' /vN not moved)", () => {
    const gate = { breaking: [{ id: 'x' }], verdict: 'fail', reason: 'move every server to /v4' };
    expect(() => checkVersion(base, '4.0.0', gate, [])).toThrow(
      'the breaking gate refuses 4.0.0: move every server to /v4',
    );
  });

  it('an addition needs the next minor, anything else the next patch', () => {
    expect(checkVersion(base, '3.5.0', passing, [...added, ...changed])).toBe('3.5.0');
    expect(() => checkVersion(base, '3.4.3', passing, added)).toThrow(/make it 3\.5\.0/);
    expect(checkVersion(base, '3.4.3', passing, changed)).toBe('3.4.3');
    expect(() => checkVersion(base, '4.0.0', passing, changed)).toThrow(
      /no breaking change and no addition since 3\.4\.2 make it 3\.4\.3/,
    );
  });

  it('nothing changed, or a version that is not MAJOR.MINOR.PATCH, is refused', () => {
    expect(() => checkVersion(base, '3.4.3', passing, [])).toThrow('nothing changed since the last release 3.4.2');
    expect(() => checkVersion(base, 'v3', passing, changed)).toThrow('is not a semantic version');
  });

  it("sorts oasdiff's change ids into the changelog's kinds", () => {
    expect(
      [
        'endpoint-added',
        'endpoint-deprecated',
        'api-path-removed-without-deprecation',
        'response-property-type-changed',
      ].map((id) => kindOf({ id, level: id.includes('removed') ? 3 : 1 })),
    ).toEqual(['Added', 'Deprecated', 'Removed', 'Changed']);
  });
});
