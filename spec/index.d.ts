export declare const HTTP_METHODS: readonly ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
export type HttpMethod = (typeof HTTP_METHODS)[number];
export declare function bundledSpecPath(format?: 'json' | 'yaml'): string;
// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is read as plain JSON.
export declare function readBundledSpec(): any;
export declare function resolveRef<T = any>(document: object, node: unknown): T;
export declare function addressKind(url: string): 'calls' | 'chat' | 'management';
export declare function effectiveServers(where: { operation: any; pathItem?: any; root?: any }): Array<{ url: string; [key: string]: unknown }>;
