/**
 * A JSON call from a chosen loopback source address (`127.0.0.2`, `127.0.0.3`...): the server sees
 * each as a different client IP, without trusting any proxy header. Linux routes all of 127.0.0.0/8
 * to the loopback interface.
 */
import { request } from 'node:http';

/** One answer: status, headers (lower-case names) and the body parsed as JSON. */
export interface FromAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
}

/** POSTs `body` as JSON to `url` from the local address `from`. */
export function postFrom<T = Record<string, unknown>>(
  from: string,
  url: string,
  body: unknown,
): Promise<FromAnswer<T>> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      {
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', 'content-length': String(payload.length) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: (text === '' ? undefined : JSON.parse(text)) as T,
          });
        });
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}
