/**
 * Request bodies sent with `Content-Encoding`: `gzip` (`x-gzip`), `deflate` (zlib, or raw deflate
 * as some clients send it) and `br` are decoded before the body is read, for the REST API and the
 * raw-body routes alike; `identity` is the body as it is. The size limit applies to the decoded
 * bytes too (the encoded ones are already within it), so a small "zip bomb" answers 413
 * `PAYLOAD_TOO_LARGE` once the limit is reached, without inflating further. Any other coding, or
 * more than one, is 415 `UNSUPPORTED_MEDIA_TYPE`; bytes that do not decode are 400 `VALIDATION`.
 * Call it only when the header is present: most requests have none and pay nothing.
 */
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, inflateRaw, type ZlibOptions } from 'node:zlib';
import { PieceworkError } from '@piecework/shared';

type Decoder = (body: Buffer, options: ZlibOptions) => Promise<Buffer>;

const gunzipAsync = promisify(gunzip) as Decoder;
const inflateAsync = promisify(inflate) as Decoder;
const inflateRawAsync = promisify(inflateRaw) as Decoder;
const brotliAsync = promisify(brotliDecompress) as Decoder;

/** `deflate` is zlib-wrapped by the standard; raw deflate when the bytes have no zlib header. */
const inflateEither: Decoder = (body, options) =>
  hasZlibHeader(body) ? inflateAsync(body, options) : inflateRawAsync(body, options);

const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: gunzipAsync,
  'x-gzip': gunzipAsync,
  deflate: inflateEither,
  br: brotliAsync,
};

/** The content codings a request body may use. */
export const SUPPORTED_CONTENT_ENCODINGS = ['gzip', 'x-gzip', 'deflate', 'br', 'identity'] as const;

/** `body` decoded as its `Content-Encoding` header says, at most `limitBytes` once decoded. */
export async function decodeContentEncoding(
  body: Buffer,
  header: string | string[] | undefined,
  limitBytes: number,
): Promise<Buffer> {
  const codings = String(header ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (codings.length === 0) return body;
  const encoding = codings.join(', ');
  const decoder = codings.length === 1 ? DECODERS[codings[0]!] : undefined;
  if (decoder === undefined) {
    throw new PieceworkError('UNSUPPORTED_MEDIA_TYPE', {
      message: `The content-encoding ${encoding} is not supported: send one of ${SUPPORTED_CONTENT_ENCODINGS.join(', ')}`,
      encoding,
      supported: [...SUPPORTED_CONTENT_ENCODINGS],
    });
  }
  try {
    return await decoder(body, { maxOutputLength: limitBytes });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new PieceworkError('PAYLOAD_TOO_LARGE', {
        message: `The request body is over the limit of ${String(limitBytes)} bytes once decoded`,
        limitBytes,
      });
    }
    throw new PieceworkError(
      'VALIDATION',
      { message: `The body is not valid ${encoding} data`, encoding },
      400,
    );
  }
}

function hasZlibHeader(body: Buffer): boolean {
  const [first, second] = [body[0], body[1]];
  return (
    first !== undefined && second !== undefined && (first & 0x0f) === 8 && ((first << 8) | second) % 31 === 0
  );
}
