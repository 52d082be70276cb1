// The CLI's commands, callable in-process (`src/cli.ts` runs them on the process's streams). Each
// command's modules are loaded when it runs: `validate` does not wait for the proxy's or the
// breaking gate's to load.

import { LAST_RELEASE } from '../breaking/versioning.js';
import { ContractError, UsageError } from '../errors.js';
import type { CommandIo } from './io.js';

/** Each command's usage, as `--help` lists it and as `<command> --help` prints it alone. */
const COMMAND_USAGE: Record<string, string> = {
  validate: `  validate <file|->   Check recorded traffic (NDJSON or HAR 1.2) against the spec.
      --format text|json|junit|sarif   report format (default text)
      --coverage                 also report what the traffic exercised (text: after the summary; json: "coverage")
      --input ndjson|har         input format (default: from the extension, else sniffed)
      --max-reports N            violating exchanges listed in full (default 1000; counts stay exact)
      --server URL               check only exchanges sent to URL (repeatable; e.g. each of the API's
                                 servers with its base path); the others are counted as skipped
      --spec FILE                OpenAPI document (default: the bundled spec)
    Exit 0: all conform; 1: a violation; 2: the input cannot be read, or nothing in it was checked.
`,
  proxy: `  proxy --upstream URL [--port N] [--spec FILE] [--har FILE]
    A validating proxy on 127.0.0.1 in front of URL (with its base path, e.g. .../v3): each exchange
    is checked by the same validator as validate; violations and upstream failures print as they happen.
    Only origin-form request targets (/path) are forwarded, to URL's host only; //host/…,
    http://host/…, "." or ".." segments and OPTIONS * are answered 400, never forwarded, and
    counted as failed.
      --upstream-timeout MS   the upstream's time to answer, body included (default 30000); then 504
      --max-body-bytes N      largest body read either way (default 10485760)
      --max-reports N         violating or failed exchanges kept for the summary (default 100)
      --har FILE              write every exchange as HAR 1.2, redacted: secret-named headers, query
                              values and JSON body fields (any depth), URL user info; a body that
                              is not JSON is written as "(redacted: N bytes, not JSON)"
    Stop it with Ctrl-C (SIGINT) or SIGTERM: prints a summary.
    Exit 0: every exchange conforms; 1: a violation, an upstream failure or a refused request;
    2: nothing was validated.
`,
  breaking: `  breaking --base <git ref|file|${LAST_RELEASE}> [--revision FILE] [--format text|json]
    Changes from the baseline to the bundled spec (refused when older than its sources), each
    rated by what it does to an existing client: breaking (counted), generated-code or
    not-breaking (reported with why). Compared: the URL each operation's servers build,
    authentication, request and response bodies and media types, schema names, and oasdiff's
    findings. A breaking change passes only as a new major version, moved in info.version and in
    every server's /vN.
    ${LAST_RELEASE}: the newest released bundle (spec/releases/openapi-<version>.yaml), else the newest spec-v* tag, else the first commit.
    Exit 0: pass; 1: breaking changes without the major version moved everywhere (says what to move);
    2: oasdiff missing, failing, printing nothing, or not the pinned release (checked with
    go version -m when go is on PATH), the baseline not found or not bundled, a stale bundle.
`,
};

const USAGE = `Usage: chatplatform-contract <command> [options]
       chatplatform-contract <command> --help   (or -h) that command's usage alone

Commands:
${Object.values(COMMAND_USAGE).join('\n')}`;

/** `<command> --help`: that command's usage alone, its first line as the usage line. */
function commandUsage(command: string): string {
  return `Usage: chatplatform-contract ${(COMMAND_USAGE[command] ?? '').trimStart()}`;
}

/** `--help` or `-h` anywhere before a `--` asks for help, whatever else the command line holds. */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/**
 * Runs `chatplatform-contract <argv>` on `io` and answers its exit code; a usage error is printed
 * with the usage (exit 2), as any other error is (exit 2). The proxy runs until SIGINT or SIGTERM.
 */
export async function runCli(argv: string[], io: CommandIo): Promise<number> {
  try {
    return await main(argv, io);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const command = argv[0] && Object.hasOwn(COMMAND_USAGE, argv[0]) ? ` ${argv[0]}` : '';
    io.stderr.write(`chatplatform-contract${command}: ${message}\n${error instanceof UsageError ? `\n${USAGE}` : ''}`);
    return error instanceof ContractError ? error.exitCode : 2;
  }
}

async function main(argv: string[], io: CommandIo): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  if (Object.hasOwn(COMMAND_USAGE, command) && asksForHelp(rest)) {
    io.stdout.write(commandUsage(command));
    return 0;
  }
  if (command === 'validate') {
    const { validateCommand } = await import('./validate.js');
    return validateCommand(rest, io);
  }
  if (command === 'proxy') {
    const { proxyCommand } = await import('./proxy.js');
    return proxyCommand(rest, io);
  }
  if (command === 'breaking') {
    const { breakingCommand } = await import('./breaking.js');
    return breakingCommand(rest, io);
  }
  throw new UsageError(`unknown command "${command}": use validate, proxy or breaking`);
}
