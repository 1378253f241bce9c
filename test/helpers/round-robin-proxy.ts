/**
 * A small HTTP load balancer for scale-out tests: each request goes to the next backend in
 * turn, with the client's address appended to X-Forwarded-For (as a real proxy does) and the
 * backend that answered named in the response header `x-served-by`. A backend that cannot be
 * reached, or dies mid-request, answers 502. `backends` may be changed at any time (a test takes
 * a killed process out of the rotation).
 */
import http from 'node:http';

export const SERVED_BY = 'x-served-by';

export interface RoundRobinProxy {
  url: string;
  /** Origins (http://127.0.0.1:port) in rotation. */
  backends: string[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;
  const proxy: RoundRobinProxy = {
    url: '',
    backends,
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = http.createServer((request, response) => {
    const backend = proxy.backends[next++ % proxy.backends.length];
    const badGateway = () => {
      if (response.headersSent) response.destroy();
      else
        response
          .writeHead(502, { 'content-type': 'application/json' })
          .end('{"error":{"code":"BAD_GATEWAY"}}');
    };
    if (backend === undefined) return badGateway();
    const target = new URL(backend);
    const forwarded = request.headers['x-forwarded-for'];
    const client = request.socket.remoteAddress ?? '';
    const upstream = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: {
          ...request.headers,
          'x-forwarded-for': forwarded ? `${String(forwarded)}, ${client}` : client,
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, [SERVED_BY]: backend });
        answer.pipe(response);
        answer.on('error', badGateway);
      },
    );
    upstream.on('error', badGateway);
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('proxy has no port');
  proxy.url = `http://127.0.0.1:${address.port}`;
  return proxy;
}
