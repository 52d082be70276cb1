// The conventions guide lives in the spec's own descriptions, so every renderer and generator gets
// it. These tests check that the guide is complete and agrees with the spec's machine-readable parts
// (servers, regions, security schemes, the participant-state enum, the examples).
import { describe, expect, it } from 'vitest';
import { bundledSpec, deref } from '../support/docs.js';

const spec = bundledSpec();
const guide: string = spec.info.description;
const callsServer = spec.paths['/calls/{sessionId}'].servers[0];
const getCall = spec.paths['/calls/{sessionId}'].get;
const fill = (url: string, values: Record<string, string>, server: any) =>
  url.replace(/\{(\w+)\}/g, (whole, name) => values[name] ?? server.variables?.[name]?.default ?? whole);

describe('the conventions guide (info.description)', () => {
  it('has the two key scopes as a table, and which key belongs where', () => {
    for (const scope of ['fullAccess', 'authOnly']) expect(guide).toMatch(new RegExp(`^\\| \`${scope}\` \\|`, 'm'));
    expect(guide).toContain('### Which key belongs where');
    expect(guide).toMatch(/fullAccess. key must never be exposed in client code\. Anything shipped to a browser/);
  });

  it('walks through the auth-token flow step by step with the operation the spec defines', () => {
    const authTokenPath = Object.keys(spec.paths).find((p) => spec.paths[p].post?.operationId === 'create-auth-token');
    expect(authTokenPath).toBeDefined();
    const flow = guide.slice(guide.indexOf('### End-user auth tokens'));
    expect(flow).toMatch(/^1\. .*creates a user/m);
    expect(flow).toMatch(new RegExp(`^2\\. .*POST ${authTokenPath!.replace(/[{}]/g, '\\$&')}`, 'm'));
    expect(flow).toMatch(/^3\. .*logs in through the client SDK/m);
  });

  it('tabulates every server address and every region, with a worked example that matches the servers', () => {
    const servers = [spec.servers[0], callsServer, spec.paths['/apps'].servers[0]];
    for (const server of servers) expect(guide).toContain(server.url);
    for (const region of callsServer.variables.region.enum) {
      expect(guide).toContain(fill(callsServer.url, { region, appId: '{appId}' }, callsServer));
      expect(guide).toContain(fill(spec.servers[0].url, { region, appId: '{appId}' }, spec.servers[0]));
    }
    expect(guide).toContain(
      `GET ${fill(callsServer.url, { appId: 'a1b2c3', region: 'eu' }, callsServer)}/calls/{sessionId}`,
    );
  });

  it('says HTTPS is required, and how versions and deprecations work', () => {
    expect(guide).toMatch(/## HTTPS\n\nHTTPS is required for all calls/);
    for (const server of [spec.servers[0], callsServer]) expect(server.url).toMatch(/^https:\/\/.*\/v3$/);
    const versioning = guide.slice(guide.indexOf('## Versioning and deprecation'));
    expect(versioning).toMatch(/current API version is `v3`/);
    expect(versioning).toMatch(/deprecated: true/);
    expect(versioning).toMatch(/x-replaced-by/);
  });
});

describe('Get Call', () => {
  it('tabulates the participant states with the meanings the schema gives', () => {
    const state = deref(spec, spec.components.schemas.ParticipantState);
    for (const value of state.enum) {
      const meaning = new RegExp(`^\\| \`${value}\` \\| ([^|]+) \\|$`, 'm').exec(state.description)?.[1];
      expect(meaning, `ParticipantState describes ${value}`).toBeTruthy();
      expect(getCall.description).toContain(`| \`${value}\` | ${meaning} |`);
    }
  });

  it('states the hasRecording/recordings rule and presents both examples', () => {
    expect(getCall.description).toMatch(/When `hasRecording` is `true`, the record carries the `recordings` array/);
    const examples = Object.keys(getCall.responses['200'].content['application/json'].examples);
    expect(examples).toHaveLength(2);
    for (const name of examples) expect(getCall.description).toContain(`- \`${name}\`:`);
  });
});
