import { errorMessage } from '../../errors/error-message';

/** What `send_request` outputs for an answer: status, headers and the parsed body. */
export interface HttpOutput {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Reads an answer: headers with repeated names joined by `, `; the body as base64 when
 * `binary`, else parsed JSON when it is JSON, else text.
 */
export async function readResponse(response: Response, binary: boolean): Promise<HttpOutput> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  });
  if (binary) {
    return {
      status: response.status,
      headers,
      body: Buffer.from(await response.arrayBuffer()).toString('base64'),
    };
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    if (text.trim() !== '') body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers, body };
}

/** A summary of an answer's body for error messages (at most 500 characters). */
export function bodyPreview(body: unknown): string {
  const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? '');
  return text.length > 500 ? `${text.slice(0, 500)}...` : text;
}

/** Why a request failed: the message of a network error and its cause chain (DNS, refused, TLS, the SSRF filter). */
export function networkErrorMessage(url: string, error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `Request to ${url} timed out`;
  return `Request to ${url} failed: ${errorMessage(error)}`;
}
