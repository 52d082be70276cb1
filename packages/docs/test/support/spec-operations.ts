// Every operation of an OpenAPI document, found on every HTTP method an OpenAPI path item can
// hold (@chatplatform/spec's HTTP_METHODS), so that a test iterating them misses none.
import { HTTP_METHODS, type HttpMethod } from '@chatplatform/spec';

export interface SpecOperation {
  path: string;
  method: HttpMethod;
  pathItem: any;
  operation: any;
}

export function operationsOf(document: { paths?: any }): SpecOperation[] {
  return Object.entries<any>(document.paths ?? {}).flatMap(([path, pathItem]) =>
    HTTP_METHODS.filter((method) => pathItem[method]).map((method) => ({
      path,
      method,
      pathItem,
      operation: pathItem[method],
    })),
  );
}
