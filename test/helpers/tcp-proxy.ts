/**
 * A TCP proxy between a client (the app's connection pool) and a server (PostgreSQL), which a
 * test can cut and restore: the closest thing to a database restart or a network partition
 * that a shared PostgreSQL server allows. Cut: every open connection is destroyed and new ones
 * are refused (the port stops listening); restore: the same port listens and forwards again.
 */
import net from 'node:net';

export interface TcpProxy {
  /** The local port the client should connect to (127.0.0.1). */
  readonly port: number;
  /** Connections forwarded since the proxy started. */
  readonly accepted: number;
  /** Destroys every open connection and stops listening, so new connections are refused. */
  cut(): Promise<void>;
  /** Listens on the same port again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    accepted += 1;
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    // Either side failing or closing ends the pair, as a dropped connection would.
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('proxy has no port');
  const { port } = address;

  const stop = async () => {
    if (!server.listening) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    port,
    get accepted() {
      return accepted;
    },
    cut: stop,
    restore: () => listen(port),
    close: stop,
  };
}
