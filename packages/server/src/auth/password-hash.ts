/**
 * Password hashing with scrypt, a memory-hard KDF (16 MiB and ~40 ms per hash with these
 * parameters). The stored form carries its parameters, so they can be raised later:
 * `scrypt$N$r$p$salt$hash` (base64url).
 *
 * Every check costs one derivation whatever it is checked against: an unknown email is checked
 * against {@link UNUSABLE_PASSWORD_HASH} (the same parameters), a malformed stored hash against it
 * too, so the time of an answer does not tell which it was. {@link passwordDerivations} counts
 * the derivations, so tests can pin that rule without timing anything.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const COST = 2 ** 14;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;

let derivations = 0;

/** How many scrypt derivations this process has run (hashes and checks): one per hash, one per check. */
export function passwordDerivations(): number {
  return derivations;
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  derivations += 1;
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (error, key) => {
        if (error) reject(error);
        else resolve(key);
      },
    );
  });
}

/** Hashes a new password for storage. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: COST, r: BLOCK_SIZE, p: PARALLELISM });
  return [
    'scrypt',
    COST,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/**
 * True when `password` matches `stored` (constant-time comparison). False for a malformed hash,
 * after checking against {@link UNUSABLE_PASSWORD_HASH}, so that costs the same time.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, blockSize, parallelism, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) {
    await verifyPassword(password, UNUSABLE_PASSWORD_HASH);
    return false;
  }
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(cost),
    r: Number(blockSize),
    p: Number(parallelism),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash no password matches (random salt and random bytes): verified against when the email is
 * unknown, so timing does not tell; and stored for users who never sign in by password (managed
 * authentication's), costing no derivation to make.
 */
export const UNUSABLE_PASSWORD_HASH = `scrypt$${String(COST)}$${String(BLOCK_SIZE)}$${String(PARALLELISM)}$${randomBytes(16).toString('base64url')}$${randomBytes(KEY_LENGTH).toString('base64url')}`;
