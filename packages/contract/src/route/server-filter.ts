import { originOf, splitUrl } from '../read/exchange.js';

/**
 * The API's own servers, as given with `--server URL`: a recording of a whole page (fonts, analytics,
 * websockets) holds requests to other hosts, which are skipped rather than reported as unknown
 * paths. A request belongs to a server when its origin is the server's (case-insensitive, the
 * scheme's default port dropped) and its path is the server's path or below it.
 */
export class ServerFilter {
  private readonly servers: Array<{ origin: string; path: string }>;

  constructor(urls: string[]) {
    this.servers = urls.map((url) => {
      const origin = originOf(url);
      if (!/^https?:\/\//.test(origin))
        throw new TypeError(
          `--server must be an absolute http(s) URL, e.g. https://APP_ID.call-us.SERVICE_DOMAIN/v3 (got "${url}")`,
        );
      return { origin, path: splitUrl(url).pathname.replace(/\/+$/, '') };
    });
  }

  includes(url: string): boolean {
    const origin = originOf(url);
    if (origin === '') return false;
    const { pathname } = splitUrl(url);
    return this.servers.some(
      (server) =>
        server.origin === origin &&
        (pathname === server.path || pathname.startsWith(`${server.path}/`) || server.path === ''),
    );
  }
}
