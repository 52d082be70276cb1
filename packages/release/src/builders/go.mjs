// The Go client as a module proxy serves it (<module>/@v/list, .info, .mod, .zip), so that
// `GOPROXY=file://<release>/go,<your proxy>` resolves it with `go get`. From v2 on Go requires the
// major version at the end of the module path: the release writes @chatplatform/sdks' goModulePath
// (`/vN` added; the generated go.mod names none) into go.mod and the README's import lines.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { goModulePath } from '@chatplatform/sdks/paths';
import { writeZip } from '../lib/archive.mjs';
import { ensureDir, scratch } from '../lib/context.mjs';
import { stageClient } from '../lib/stage.mjs';

/** A module path as the proxy protocol writes it: each upper-case letter as `!` and its lower case. */
const escapePath = (path) => path.replace(/[A-Z]/g, (letter) => `!${letter.toLowerCase()}`);

export async function buildGo(context) {
  const work = scratch('go');
  try {
    const sources = readdirSync(join(stageClient('go', join(work.dir, 'all')), '.'));
    const dir = ensureDir(join(work.dir, 'module'));
    const keep = sources.filter(
      (name) => name.endsWith('.go') || ['go.mod', 'go.sum', 'README.md', 'LICENSE'].includes(name),
    );
    for (const name of keep) writeFileSync(join(dir, name), readFileSync(join(work.dir, 'all', name)));
    const goMod = readFileSync(join(dir, 'go.mod'), 'utf8');
    const generated = /^module (\S+)$/m.exec(goMod)?.[1];
    if (!generated) throw new Error('the generated go.mod names no module');
    // One module path for the release, the docs' samples and their install line (@chatplatform/sdks).
    const modulePath = goModulePath(context.version);
    if (!modulePath.startsWith(generated))
      throw new Error(`the generated go.mod names ${generated}, which ${modulePath} does not extend`);
    writeFileSync(join(dir, 'go.mod'), goMod.replace(/^module \S+$/m, `module ${modulePath}`));
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    writeFileSync(
      join(dir, 'README.md'),
      readme.replaceAll(`"${generated}"`, `"${modulePath}"`).replaceAll(`${generated} `, `${modulePath} `),
    );
    const version = `v${context.version}`;
    const at = ensureDir(join(context.out, 'go', escapePath(modulePath), '@v'));
    writeFileSync(join(at, 'list'), `${version}\n`);
    writeFileSync(
      join(at, `${version}.info`),
      `${JSON.stringify({ Version: version, Time: context.mtime.toISOString() })}\n`,
    );
    writeFileSync(join(at, `${version}.mod`), readFileSync(join(dir, 'go.mod')));
    await writeZip({
      dir,
      file: join(at, `${version}.zip`),
      mtime: context.mtime,
      prefix: `${modulePath}@${version}/`,
    });
    return { modulePath, files: readdirSync(at).map((name) => join(at, name)) };
  } finally {
    work.cleanup();
  }
}
