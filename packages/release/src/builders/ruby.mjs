// The Ruby client as RubyGems takes it: `gem build` on a staged copy whose gemspec names the code's
// license, the repository and a one-line description; any warning gem build prints fails the
// release (RubyGems.org would show it to every user). SOURCE_DATE_EPOCH makes the gem reproducible.
import { copyFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDir, scratch } from '../lib/context.mjs';
import { runCapturing } from '../lib/run.mjs';
import { editFile, stageClient } from '../lib/stage.mjs';

/** @type {(text: string) => string} */
const ruby = (text) => JSON.stringify(text);

/** @param {import('../lib/context.mjs').ReleaseContext} context */
export function buildRuby(context) {
  const work = scratch('ruby');
  try {
    const dir = stageClient('ruby', join(work.dir, 'gem'), ['chatplatform_client.gemspec', 'README.md', 'lib']);
    editFile(join(dir, 'chatplatform_client.gemspec'), [
      [/s\.authors\s*=.*$/m, `s.authors     = [${ruby(context.author)}]`],
      [/s\.email\s*=.*\n/m, ''],
      [/s\.homepage\s*=.*$/m, `s.homepage    = ${ruby(context.repository)}`],
      [
        /s\.description\s*=.*$/m,
        `s.description = ${ruby(`Ruby client of the ${context.spec.info.title}, generated from its OpenAPI description.`)}`,
      ],
      [/s\.license\s*=.*$/m, `s.license     = ${ruby(context.codeLicense)}`],
      [/s\.metadata\s*=.*$/m, `s.metadata    = { "source_code_uri" => ${ruby(context.repository)} }`],
      [/\s*s\.add_development_dependency.*$/m, ''],
      [/s\.test_files\s*=.*$/m, 's.test_files    = []'],
    ]);
    const { stdout, stderr } = runCapturing('gem', ['build', 'chatplatform_client.gemspec'], {
      cwd: dir,
      env: { ...process.env, SOURCE_DATE_EPOCH: String(context.epoch) },
    });
    const warnings = `${stdout}\n${stderr}`.split('\n').filter((line) => /WARNING/.test(line));
    if (warnings.length > 0) throw new Error(`gem build warned:\n${warnings.join('\n')}`);
    const gem = readdirSync(dir).find((name) => name.endsWith('.gem'));
    if (gem !== `chatplatform_client-${context.version}.gem`)
      throw new Error(`gem build wrote ${gem}, expected chatplatform_client-${context.version}.gem`);
    const out = ensureDir(join(context.out, 'ruby'));
    copyFileSync(join(dir, gem), join(out, gem));
    return join(out, gem);
  } finally {
    work.cleanup();
  }
}
