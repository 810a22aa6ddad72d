import { createServer } from 'node:net';

/**
 * A TCP port that is free on 127.0.0.1 now: the system hands one out to a listener on port 0, which closes again
 * so that a child process can take it. (Random ports in a range may be any other program's, even another
 * server answering /ping.)
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}
