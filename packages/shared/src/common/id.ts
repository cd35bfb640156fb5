import { z } from 'zod';

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ID_LENGTH = 21;

/**
 * A resource id: exactly 21 characters from `[0-9a-zA-Z]`.
 * Use it for every resource id and every field that holds one (Activepieces' ids have the same
 * shape).
 */
export const Id = z.string().regex(/^[0-9a-zA-Z]{21}$/, 'must be 21 alphanumeric characters');
export type Id = z.infer<typeof Id>;

/** Random bytes drawn from Web Crypto in blocks: one call per block instead of one per id. */
const RANDOM_BLOCK_BYTES = 4096;
let randomBlock = new Uint8Array(0);
let randomOffset = 0;

function nextRandomByte(): number {
  if (randomOffset >= randomBlock.length) {
    randomBlock = globalThis.crypto.getRandomValues(new Uint8Array(RANDOM_BLOCK_BYTES));
    randomOffset = 0;
  }
  return randomBlock[randomOffset++]!;
}

/**
 * Makes a new random {@link Id} from the platform's cryptographic random source
 * (Web Crypto, available in Node 20+ and every browser), drawn in blocks so that making many ids
 * costs one random call per block. Use it for every new resource.
 */
export function generateId(): Id {
  // 62 * 4 = 248: rejecting bytes >= 248 keeps every character equally likely.
  const limit = ID_ALPHABET.length * 4;
  let id = '';
  while (id.length < ID_LENGTH) {
    const byte = nextRandomByte();
    if (byte < limit) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  }
  return id;
}

/** The id characters in byte order, so that a time prefix written with them sorts as its time. */
const SORTED_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Time-prefix characters: 62^8 milliseconds reach far past the year 8000. */
const TIME_PREFIX_LENGTH = 8;

/**
 * Makes a new {@link Id} whose first 8 characters are the current time in milliseconds (base 62,
 * in byte order) and whose other 13 are random (77 bits, from the same source as
 * {@link generateId}). Ids made later sort after ids made earlier (within a millisecond, in
 * any order), so a B-tree keyed by them grows at its right edge: use it for rows written at a
 * high rate and rarely looked up by guess — runs, jobs, audit events, run files — where random
 * keys would dirty a different index page per row. It tells when the row was made to anyone who
 * sees it (as the row's `created` already does); keep {@link generateId} for anything else.
 */
export function generateTimeOrderedId(now: number = Date.now()): Id {
  let prefix = '';
  let rest = Math.max(0, Math.floor(now));
  for (let index = 0; index < TIME_PREFIX_LENGTH; index++) {
    prefix = SORTED_ALPHABET[rest % 62]! + prefix;
    rest = Math.floor(rest / 62);
  }
  return prefix + generateId().slice(TIME_PREFIX_LENGTH);
}
