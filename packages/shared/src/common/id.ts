import { z } from 'zod';

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ID_LENGTH = 21;

/**
 * A resource id: exactly 21 characters from `[0-9a-zA-Z]`.
 * Use it wherever SPEC.md says "21-character alphanumeric id".
 */
export const Id = z.string().regex(/^[0-9a-zA-Z]{21}$/, 'must be 21 alphanumeric characters');
export type Id = z.infer<typeof Id>;

/**
 * Makes a new random {@link Id} from the platform's cryptographic random source
 * (Web Crypto, available in Node 20+ and every browser). Use it for every new resource.
 */
export function generateId(): Id {
  // 62 * 4 = 248: rejecting bytes >= 248 keeps every character equally likely.
  const limit = ID_ALPHABET.length * 4;
  let id = '';
  while (id.length < ID_LENGTH) {
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
    for (const byte of bytes) {
      if (byte < limit && id.length < ID_LENGTH) {
        id += ID_ALPHABET[byte % ID_ALPHABET.length];
      }
    }
  }
  return id;
}
