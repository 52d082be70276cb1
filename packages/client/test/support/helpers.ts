import { inject } from 'vitest';
import { type AttemptLog, type ClientOptions, createClient, type Logger } from '../../src/index.js';

export const APP_ID = 'app1';

/**
 * The client's baseUrl for a Prism mock started by global-setup.ts: its origin. The mock answers
 * production paths, and baseUrl keeps each server's path (`/v3`, or none for management).
 */
export const mockBaseUrl = (mock: 'mockUrl' | 'dynamicMockUrl' = 'mockUrl') => inject(mock);
export const API_KEY = 'test-api-key';

export interface LogLine {
  level: keyof Logger;
  message: string;
  fields: AttemptLog;
}

/** A logger that keeps its lines. */
export function recordingLogger() {
  const lines: LogLine[] = [];
  const at = (level: keyof Logger) => (message: string, fields: AttemptLog) => lines.push({ level, message, fields });
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn') };
  return { logger, lines };
}

/**
 * A client whose every request goes to `baseUrl` (Prism or a fault server), with waits recorded
 * instead of slept and every attempt logged to `logs` (not to the console).
 */
export function clientFor(baseUrl: string, options: ClientOptions = {}) {
  const sleeps: number[] = [];
  const { logger, lines: logs } = recordingLogger();
  const client = createClient({
    appId: APP_ID,
    region: 'eu',
    apiKey: API_KEY,
    baseUrl,
    env: {},
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    logLevel: 'debug',
    logger,
    ...options,
  });
  return { client, sleeps, logs };
}

/** A fetch that records every request and answers with `respond`. */
export function recordingFetch(
  respond: (request: Request) => Response | Promise<Response> = () => Response.json({ data: [] }),
) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    return respond(request);
  };
  return { fetch, requests };
}

/** What `run` throws synchronously (undefined when it returns). */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}
