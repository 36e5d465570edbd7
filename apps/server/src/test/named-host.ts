import http from 'node:http';

/**
 * A request to the test app by another host name than its address (fetch drops a Host header,
 * and names such as content.waypoint.localhost do not resolve outside a browser): what a browser
 * sends to a server known by two DNS names, e.g. a same-site content origin (ADR 0024).
 */
export function fetchAsHost(
  baseUrl: string,
  origin: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; text: () => Promise<string>; json: () => Promise<unknown> }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        hostname,
        port,
        path,
        method: init.method ?? 'GET',
        headers: { ...init.headers, host: new URL(origin).host },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            text: () => Promise.resolve(body),
            json: () => Promise.resolve(JSON.parse(body) as unknown),
          });
        });
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}
