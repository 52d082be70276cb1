// One Chromium for the whole run (the machine's cores are shared): test files connect to it and
// each opens its own context, so a file's storage and routes never leak into another's.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumFlags, headlessShellPath } from '../../scripts/chromium.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(headlessShellPath)) {
    throw new Error(
      `Chromium's headless shell is not installed at ${headlessShellPath}. Install Debian's package: \`apt-get install chromium-headless-shell\` ` +
        '(scripts/setup.sh does it).',
    );
  }
  const server = await chromium.launchServer({
    executablePath: headlessShellPath,
    headless: true,
    args: chromiumFlags,
  });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
