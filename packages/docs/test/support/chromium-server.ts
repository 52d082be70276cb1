// One Chromium for the whole run (the machine's cores are shared): test files connect to it and
// each opens its own context, so a file's storage and routes never leak into another's.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumFlags, chromiumPath } from '../../scripts/chromium.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is not installed at ${chromiumPath}. Install Debian's package: \`apt-get install chromium\` ` +
        '(scripts/setup.sh does it).',
    );
  }
  const server = await chromium.launchServer({ executablePath: chromiumPath, headless: true, args: chromiumFlags });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
