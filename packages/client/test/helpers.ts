import { createClient, type ClientOptions } from '../src/index.js';

export const APP_ID = 'app1';
export const API_KEY = 'test-api-key';

/** A client whose every request goes to `baseUrl` (Prism or a fault server), with waits recorded instead of slept. */
export function clientFor(baseUrl: string, options: ClientOptions = {}) {
  const sleeps: number[] = [];
  const client = createClient({
    appId: APP_ID,
    region: 'eu',
    apiKey: API_KEY,
    baseUrl,
    env: {},
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
  return { client, sleeps };
}

/** A fetch that records every request and answers with `respond`. */
export function recordingFetch(respond: (request: Request) => Response | Promise<Response> = () => Response.json({ data: [] })) {
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
