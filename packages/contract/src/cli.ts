#!/usr/bin/env node
import { runCli } from './commands/main.js';

// A reader that stops early (`validate … | head`) closes the pipe: the report's later lines go
// nowhere, and the run goes on so that its exit code is still the verdict (never a stack trace).
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
});
