import { createServer } from 'node:net';

/** Whether nothing listens on the port of 127.0.0.1 (0: any free port); resolves to it. */
function listenable(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.on('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const found = typeof address === 'object' && address ? address.port : null;
      server.close(() => resolve(found));
    });
  });
}

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now: from BENCH_PORTS (`first-last`,
 * for a machine where each user has a range) when set, else any the system gives.
 */
export async function freePort(): Promise<number> {
  const range = process.env.BENCH_PORTS;
  if (!range) {
    const port = await listenable(0);
    if (port === null) throw new Error('no free port');
    return port;
  }
  const match = /^(\d+)-(\d+)$/.exec(range);
  const [first, last] = [Number(match?.[1]), Number(match?.[2])];
  if (!match || first > last || last > 65_535) {
    throw new Error('BENCH_PORTS must be a range of ports, e.g. 57200-57299');
  }
  for (let port = first; port <= last; port += 1) {
    if ((await listenable(port)) !== null) return port;
  }
  throw new Error(`no free port in BENCH_PORTS ${range}`);
}
