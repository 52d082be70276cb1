// The Java and Kotlin clients as a Maven repository holds them (group/artifact/version/ with the jar,
// its sources and POM, each with .sha1 and .md5), built with Maven at the commit's timestamp
// (project.build.outputTimestamp) so that the jars are byte-identical from run to run. The POM says
// what Maven Central requires: name, description, url, license, scm, developers.
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mavenEnv } from '@chatplatform/sdks/jvm';
import { ensureDir, packageDir, scratch } from '../lib/context.mjs';
import { run } from '../lib/run.mjs';
import { editFile, stageClient } from '../lib/stage.mjs';

export const GROUP_ID = 'com.chatplatform';
export const JAVA_ARTIFACT = 'chatplatform-client';
export const KOTLIN_ARTIFACT = 'chatplatform-kotlin-client';

/** @type {(text: string) => string} */
const xml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The POM elements Maven Central requires beside the coordinates.
 * @param {import('../lib/context.mjs').ReleaseContext} context
 */
export function centralMetadata(context) {
  const scm = context.repository.replace(/^https:\/\//, '');
  return {
    url: `<url>${xml(context.repository)}</url>`,
    scm: `<scm>\n        <connection>scm:git:https://${xml(scm)}.git</connection>\n        <developerConnection>scm:git:https://${xml(scm)}.git</developerConnection>\n        <url>${xml(context.repository)}</url>\n    </scm>`,
    licenses: `<licenses>\n        <license>\n            <name>${xml(context.codeLicense)}</name>\n            <url>${xml(`${context.repository}/blob/main/LICENSE`)}</url>\n            <distribution>repo</distribution>\n        </license>\n    </licenses>`,
    developers: `<developers>\n        <developer>\n            <name>${xml(context.author)}</name>\n            <url>${xml(context.repository)}</url>\n        </developer>\n    </developers>`,
  };
}

/** @type {(context: import('../lib/context.mjs').ReleaseContext) => string} */
const timestamp = (context) => `-Dproject.build.outputTimestamp=${context.mtime.toISOString().replace(/\.\d+Z$/, 'Z')}`;

/**
 * @param {string} pom
 * @param {import('../lib/context.mjs').ReleaseContext} context
 */
function mvnPackage(pom, context) {
  run(
    'mvn',
    [
      '-B',
      '-q',
      '-Dstyle.color=never',
      '-f',
      pom,
      'package',
      '-DskipTests',
      '-Dmaven.javadoc.skip=true',
      timestamp(context),
    ],
    { env: mavenEnv() },
  );
}

/**
 * Copies jar, sources jar and POM into the repository layout, with the checksums Maven reads.
 * @param {import('../lib/context.mjs').ReleaseContext} context
 * @param {string} artifactId
 * @param {string} target Maven's target folder
 * @param {string} pom
 */
function publish(context, artifactId, target, pom) {
  const dir = ensureDir(join(context.out, 'maven', ...GROUP_ID.split('.'), artifactId, context.version));
  const base = `${artifactId}-${context.version}`;
  /** @type {Array<[from: string, name: string]>} */
  const files = [
    [join(target, `${base}.jar`), `${base}.jar`],
    [join(target, `${base}-sources.jar`), `${base}-sources.jar`],
    [pom, `${base}.pom`],
  ];
  for (const [from, name] of files) {
    copyFileSync(from, join(dir, name));
    const bytes = readFileSync(from);
    for (const algorithm of ['sha1', 'md5']) {
      writeFileSync(join(dir, `${name}.${algorithm}`), createHash(algorithm).update(bytes).digest('hex'));
    }
  }
  return dir;
}

/** @param {import('../lib/context.mjs').ReleaseContext} context */
export function buildJava(context) {
  const work = scratch('java');
  try {
    const dir = stageClient('java', join(work.dir, 'java'), ['pom.xml', 'src/main', 'README.md']);
    const meta = centralMetadata(context);
    editFile(join(dir, 'pom.xml'), [
      [/<url>[^<]*<\/url>/, meta.url],
      [
        /<description>[^<]*<\/description>/,
        `<description>Java client of the ${xml(context.spec.info.title)}, generated from its OpenAPI description.</description>`,
      ],
      [/<scm>[\s\S]*?<\/scm>/, meta.scm],
      [/<licenses>[\s\S]*?<\/licenses>/, meta.licenses],
      [/<developers>[\s\S]*?<\/developers>/, meta.developers],
    ]);
    mvnPackage(join(dir, 'pom.xml'), context);
    return publish(context, JAVA_ARTIFACT, join(dir, 'target'), join(dir, 'pom.xml'));
  } finally {
    work.cleanup();
  }
}

/** @param {import('../lib/context.mjs').ReleaseContext} context */
export function buildKotlin(context) {
  const work = scratch('kotlin');
  try {
    const dir = stageClient('kotlin', join(work.dir, 'kotlin'), ['src/main/kotlin', 'README.md']);
    const meta = centralMetadata(context);
    const template = readFileSync(join(packageDir, 'maven', 'kotlin', 'pom.xml'), 'utf8');
    const pom = template
      .replaceAll('@VERSION@', xml(context.version))
      .replaceAll('@TITLE@', xml(context.spec.info.title))
      .replace('<!-- @CENTRAL@ -->', [meta.url, meta.licenses, meta.scm, meta.developers].join('\n    '));
    writeFileSync(join(dir, 'pom.xml'), pom);
    mvnPackage(join(dir, 'pom.xml'), context);
    return publish(context, KOTLIN_ARTIFACT, join(dir, 'target'), join(dir, 'pom.xml'));
  } finally {
    work.cleanup();
  }
}
