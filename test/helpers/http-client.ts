import http from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json<T = unknown>(): T;
}

export interface HttpRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | object;
  /**
   * The client's own address: any of 127.0.0.0/8 on Linux, so one test can be several
   * clients as a proxy in front sees them.
   */
  from?: string;
}

/**
 * One request on a fresh connection, from a chosen loopback address (fetch cannot choose
 * it). A connection error rejects, as a client would see a dropped connection.
 */
export function request(base: string, path: string, req: HttpRequest = {}): Promise<HttpAnswer> {
  const url = new URL(path, base);
  const body =
    req.body === undefined
      ? undefined
      : Buffer.isBuffer(req.body)
        ? req.body
        : Buffer.from(JSON.stringify(req.body));
  const headers: Record<string, string> = {
    ...(body && !Buffer.isBuffer(req.body) ? { 'content-type': 'application/json' } : {}),
    ...req.headers,
  };
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: req.method ?? (body ? 'POST' : 'GET'),
        headers: body ? { ...headers, 'content-length': String(body.length) } : headers,
        localAddress: req.from,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const all = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: all,
            json: <T>() => JSON.parse(all.toString()) as T,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
