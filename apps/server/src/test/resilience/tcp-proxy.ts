import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between the server and PostgreSQL that a test can break the way networks and
 * databases break: `cut` is a database that has gone away (open connections reset, new ones
 * refused), `blackhole` is an unreachable host (connections reset, new ones accepted but never
 * answered), `restore` brings the database back on the same address.
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  blackhole(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let mode: 'forward' | 'blackhole' = 'forward';
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    // A reset is the point of the exercise; it must not surface as an unhandled error.
    socket.on('error', () => socket.destroy());
  };
  const onConnection = (client: Socket) => {
    track(client);
    if (mode === 'blackhole') return;
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer(onConnection);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve(server));
    });
  const closeServer = (server: Server) =>
    new Promise<void>((resolve) => server.close(() => resolve()));
  const dropConnections = () => {
    for (const socket of open) socket.destroy();
  };

  let server: Server | null = await listen(0);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    async cut() {
      const listening = server;
      server = null;
      dropConnections();
      if (listening) await closeServer(listening);
    },
    blackhole() {
      mode = 'blackhole';
      dropConnections();
    },
    async restore() {
      mode = 'forward';
      server ??= await listen(port);
    },
    async close() {
      dropConnections();
      if (server) await closeServer(server);
      server = null;
    },
  };
}
