/** An OpenAPI document or a part of it, read as plain JSON. */
export type JsonObject = { [key: string]: unknown };

export declare const HTTP_METHODS: readonly ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
export type HttpMethod = (typeof HTTP_METHODS)[number];
/** The addresses with a bundle of their own: `dist/<address>/openapi{,-3.0}.{yaml,json}`. */
export declare const ADDRESSES: readonly ['calls', 'chat', 'management'];
export type Address = (typeof ADDRESSES)[number];
export interface BundleOptions {
  /** One address's document (its only server, its operations); the combined document when absent. */
  address?: Address;
  /** `'3.0'`: the OpenAPI 3.0.3 companion. Default `'3.1'`. */
  openapi?: '3.1' | '3.0';
  /** Throw, saying how to build it, when the file is missing. Default `true`. */
  mustExist?: boolean;
}
export declare function bundledSpecPath(format?: 'json' | 'yaml', options?: BundleOptions): string;
export declare function readBundledSpec<T = JsonObject>(): T;
export declare function resolveRef<T = unknown>(document: object, node: unknown): T;
/** Follows local `$ref`s and says where the node found is (its JSON Pointer; `pointer` when `node` is no reference). */
export declare function resolveRefAt(
  document: unknown,
  node: unknown,
  pointer?: string,
): { value: unknown; pointer: string };
/** The value at a JSON Pointer (RFC 6901); `''` is the document itself. */
export declare function valueAtPointer(document: unknown, pointer: string): unknown;
export declare function addressKind(url: string): 'calls' | 'chat' | 'management';
export declare function effectiveServers(where: {
  operation: JsonObject;
  pathItem?: JsonObject;
  root?: JsonObject;
}): Array<{ url: string; [key: string]: unknown }>;
/** This package's directory: the hand-written sources, `redocly.yaml` and the scripts the bundle step runs. */
export declare const SPEC_DIR: string;
/** The newest bundle kept as `releases/openapi-<version>.yaml` (version order); undefined when none. */
export declare function newestRelease(sourcesDir?: string): { path: string; version: string } | undefined;
/** The command that rebuilds every bundle. */
export declare const BUNDLE_COMMAND: string;
/** The newest file `bundle` is built from when newer than it (path relative to `sourcesDir`); undefined when fresh. */
export declare function newerSource(bundle: string, sourcesDir?: string): { path: string; mtimeMs: number } | undefined;
/** Bundles spec sources laid out as this package's into one document at `output`; throws with Redocly's message. */
export declare function bundleSources(sourcesDir: string, output: string): void;
