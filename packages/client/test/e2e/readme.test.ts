// The README's first call against the mock, run as written: the ```js block of its "A first call
// against the mock" section, with node, importing @chatplatform/client through the package's
// exports (the built entry). The one change: the mock's port, since the test mock takes a free one.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { mockBaseUrl } from '../support/helpers.js';

const run = promisify(execFile);
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

test('the first call against the mock works as written', async () => {
  const section = readme.split('### A first call against the mock')[1];
  const example = /```js\n([\s\S]*?)```/.exec(section ?? '')?.[1];
  if (!example) throw new Error('README.md has no ```js block under "A first call against the mock"');
  expect(example).toContain("baseUrl: 'http://127.0.0.1:4010'");
  const code = example.replaceAll('http://127.0.0.1:4010', mockBaseUrl());
  const packageDir = new URL('../..', import.meta.url);
  const { stdout } = await run(process.execPath, ['--input-type=module', '--eval', code], { cwd: packageDir });
  expect(stdout.split('\n')).toEqual(['initiated', '200', '']);
});
