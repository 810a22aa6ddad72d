// An S3-compatible server for the tests (s3rver), on loopback, storing in the folder given as first argument.
// Run by s3-server.ts with --openssl-legacy-provider: s3rver makes ListObjectsV2 continuation tokens with DES,
// which OpenSSL 3 keeps in its legacy provider. Prints {"port": n} once listening; stops when stdin closes.
import S3rver from 's3rver';

const server = new S3rver({ address: '127.0.0.1', port: 0, directory: process.argv[2], silent: true });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.stdin.on('end', () => void stop());
process.stdin.resume();
process.on('SIGTERM', () => void stop());
