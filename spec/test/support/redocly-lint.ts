// Redocly's linter in the test's process (@redocly/openapi-core, the library the CLI is built on),
// with the package's redocly.yaml: its rulesets, its options and the platform plugin.
import { join, resolve } from 'node:path';
import { type Config, lint, lintFromString, loadConfig } from '@redocly/openapi-core';

export const specDir = resolve(import.meta.dirname, '../..');

export interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  /** The file the problem is in (absolute path), and the JSON pointer inside it. */
  file: string;
  pointer: string;
}

let specConfig: Promise<Config> | undefined;

/** The package's redocly.yaml, loaded once (plugins included). */
export function redoclyConfig(): Promise<Config> {
  specConfig ??= loadConfig({ configPath: join(specDir, 'redocly.yaml') });
  return specConfig;
}

/** A config of its own, from the text of a redocly.yaml written beside nothing else. */
export async function configFrom(configPath: string): Promise<Config> {
  return loadConfig({ configPath });
}

function normalized(problems: Awaited<ReturnType<typeof lint>>): Problem[] {
  return problems.map(({ ruleId, severity, message, location }) => ({
    ruleId,
    severity: severity as Problem['severity'],
    message,
    file: location[0]?.source.absoluteRef ?? '',
    pointer: location[0]?.pointer ?? '',
  }));
}

/** Lints a file (its `$ref`s followed) with the package's config, or another. */
export async function lintFile(file: string, config?: Config): Promise<Problem[]> {
  return normalized(await lint({ ref: resolve(specDir, file), config: config ?? (await redoclyConfig()) }));
}

/** Lints a document held in memory, as if it were the file `as`. */
export async function lintDocument(document: object, as: string, config?: Config): Promise<Problem[]> {
  const source = JSON.stringify(document);
  return normalized(await lintFromString({ source, absoluteRef: as, config: config ?? (await redoclyConfig()) }));
}

/** `ruleId: message` of each problem, for messages that say what was found. */
export const described = (problems: Problem[]) => problems.map((p) => `${p.ruleId}: ${p.message}`);
