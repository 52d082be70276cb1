/** An OpenAPI document or a part of it, read as plain JSON. */
export type JsonObject = { [key: string]: unknown };

export declare const HTTP_METHODS: readonly ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
export type HttpMethod = (typeof HTTP_METHODS)[number];
export declare function bundledSpecPath(format?: 'json' | 'yaml'): string;
export declare function readBundledSpec<T = JsonObject>(): T;
export declare function resolveRef<T = unknown>(document: object, node: unknown): T;
export declare function addressKind(url: string): 'calls' | 'chat' | 'management';
export declare function effectiveServers(where: {
  operation: JsonObject;
  pathItem?: JsonObject;
  root?: JsonObject;
}): Array<{ url: string; [key: string]: unknown }>;
