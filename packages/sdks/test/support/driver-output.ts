// What the smoke drivers and the peer drivers print, read the same way by both suites.

import { effectiveServers } from '@chatplatform/spec';
import type { DriverStep } from './drivers.js';

/** The driver's JSON lines (`{"step", "result"}`, keys in any order); the toolchain's own lines are skipped. */
export function stepsIn(output: string): DriverStep[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
    .filter((line) => typeof line.step === 'string');
}

/** `host:443` of an operation's first server (its own, else its path's, else the root's) with default variables. */
export function defaultHost(spec: any, path: string, method: string): string {
  const pathItem = spec.paths[path];
  const [server]: any[] = effectiveServers({ operation: pathItem[method], pathItem, root: spec });
  const url = server.url.replace(/\{(\w+)\}/g, (_: string, name: string) => server.variables[name].default);
  return `${new URL(url).hostname}:443`;
}

/**
 * The decoded record as the client re-encoded it, without the `null`s it wrote for fields the
 * record did not carry (absent and null read the same, as the spec's "absent means" allows).
 */
export function withoutAddedNulls(decoded: any, sent: any): any {
  if (Array.isArray(decoded)) return decoded.map((item, i) => withoutAddedNulls(item, sent?.[i]));
  if (decoded === null || typeof decoded !== 'object') return decoded;
  return Object.fromEntries(
    Object.entries(decoded)
      .filter(([key, value]) => value !== null || (sent !== null && typeof sent === 'object' && key in sent))
      .map(([key, value]) => [key, withoutAddedNulls(value, sent?.[key])]),
  );
}
