import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

const certificateDir = new URL('./fixtures/tls-certificate/', import.meta.url);

/**
 * An HTTPS server on 127.0.0.1 (an ephemeral port) with a self-signed certificate, answering
 * 200 `ok`; with `requireClientCertificate`, it ends every handshake that brings no client
 * certificate (a TLS failure even for clients that accept any server certificate). For tests of
 * TLS failures without the network.
 */
export async function startSelfSignedHttpsServer(options: { requireClientCertificate?: boolean } = {}) {
  const server = createServer(
    {
      key: readFileSync(new URL('key.pem', certificateDir)),
      cert: readFileSync(new URL('cert.pem', certificateDir)),
      requestCert: options.requireClientCertificate === true,
      rejectUnauthorized: options.requireClientCertificate === true,
    },
    (_, response) => response.end('ok'),
  );
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
