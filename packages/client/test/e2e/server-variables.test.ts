// The variables the client's appId and region options fill are the spec's: the generator
// (scripts/generate.mjs --spec --out) stops on a spec whose servers no longer declare one of them,
// instead of filling the renamed variable with its default and ignoring the option.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readBundledSpec } from '@chatplatform/spec';
import { afterAll, expect, test } from 'vitest';

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'client-variables-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Server = { url: string; variables?: Record<string, unknown> };

/** The bundled spec with every server's `{appId}` renamed `{applicationId}` (its default kept). */
function withRenamedAppId() {
  const text = JSON.stringify(readBundledSpec());
  const spec = JSON.parse(text.replaceAll('{appId}', '{applicationId}'));
  const servers: Server[] = [
    ...(spec.servers ?? []),
    ...Object.values<{ servers?: Server[] }>(spec.paths).flatMap((item) => item.servers ?? []),
  ];
  for (const server of servers) {
    if (!server.variables?.appId) continue;
    server.variables.applicationId = server.variables.appId;
    delete server.variables.appId;
  }
  expect(servers.some((s) => s.url.includes('{applicationId}'))).toBe(true);
  return spec;
}

test('a spec whose servers no longer declare {appId} stops the generator, naming the variable and the option', async () => {
  const specFile = join(work, 'openapi.json');
  writeFileSync(specFile, JSON.stringify(withRenamedAppId()));
  const generated = run(process.execPath, ['scripts/generate.mjs', '--spec', specFile, '--out', join(work, 'out')]);
  await expect(generated).rejects.toThrow(
    /no server declares the variable \{appId\}, which the client's appId option fills; restore it in the spec's servers/,
  );
});
