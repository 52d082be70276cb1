import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Prism's own bound on a request body. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/**
 * A thin front before Prism's HTTP server. Prism 5.16's server never answers a request whose JSON
 * body does not parse: after the parse error it waits for the request's `end` event, which its
 * body parser has already consumed. The front reads the body first and answers such a request
 * 400 itself; every other request goes to Prism unchanged.
 */
export async function startFront(prismOrigin: string, port: number): Promise<{ server: http.Server; url: string }> {
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    readBody(req).then(
      (body) =>
        isUnparsableJson(req, body) ? refuse(res, 400, 'The request body is not valid JSON.') : forward(req, res, body),
      () => refuse(res, 413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`),
    );
  });
  function forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): void {
    const headers = { ...req.headers, 'content-length': String(body.length) };
    delete headers['transfer-encoding'];
    const upstream = http.request(
      new URL(req.url ?? '/', prismOrigin),
      { method: req.method, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.once('error', (error) => refuse(res, 502, `The mock's engine failed: ${error.message}`));
    upstream.end(body);
  }
  server.on('close', () => agent.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new Error('too large'));
      else chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

function isUnparsableJson(req: http.IncomingMessage, body: Buffer): boolean {
  if (body.length === 0 || !JSON_TYPE.test(req.headers['content-type'] ?? '')) return false;
  try {
    JSON.parse(body.toString('utf8'));
    return false;
  } catch {
    return true;
  }
}

function refuse(res: http.ServerResponse, status: number, detail: string): void {
  if (res.headersSent) return void res.destroy();
  // application/json: the content type the spec documents for its error bodies.
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ type: 'about:blank', title: http.STATUS_CODES[status], status, detail }));
}
