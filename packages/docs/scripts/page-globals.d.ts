// What the build gives the scripts that run in the page (scripts/build-docs.mjs, add-try-it.mjs
// inline them after these constants), and what they hand each other through `window`.

/** A server of the spec as the page's settings rewrite it: its URL template and its variables' defaults. */
interface PageServer {
  url: string;
  defaults: Record<string, string>;
  regions?: string[];
}

/** One operation the Try it panel can send (scripts/add-try-it.mjs). */
interface TryItOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  server: { url: string; defaults: Record<string, string> };
  parameters: Array<{ name: string; in: 'path' | 'query' | 'header'; required: boolean; example: unknown }>;
  /** The JSON body's example, serialised; undefined for a method without a body. */
  body: string | undefined;
  /** Each way to authorise: the headers it sends together. */
  keys: Array<Array<{ scheme: string; header: string }>>;
}

/** The reader's settings in force (scripts/reader-settings.js), for the Try it panel. */
interface ReaderSettings {
  region: string;
  appId: string;
  target: 'platform' | 'mock';
  mockUrl: string | undefined;
}

declare const SERVERS: PageServer[];
declare const TRY_IT_OPERATIONS: TryItOperation[];

interface Window {
  readerSettings?: Promise<ReaderSettings>;
}
