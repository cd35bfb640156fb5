/**
 * Password hashing with scrypt, a memory-hard KDF, at the parameters OWASP's password storage
 * guidance names for it: N=2^17, r=8, p=1 (128 MiB and a few hundred ms per hash on one core).
 * The stored form carries its parameters: `scrypt$N$r$p$salt$hash` (base64url), so a hash made
 * with older, weaker parameters still verifies, and {@link needsRehash} tells the sign-in to store
 * a new one.
 *
 * Every check costs one derivation whatever it is checked against: an unknown email is checked
 * against {@link unusablePasswordHash} (the same parameters), a malformed stored hash against it
 * too, so the time of an answer does not tell which it was. {@link passwordDerivations} counts
 * the derivations, so tests can pin that rule without timing anything.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's CPU/memory cost N for new hashes. */
export const PASSWORD_HASH_COST = 2 ** 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
/** Above scrypt's 128 * N * r bytes at N=2^17, r=8 (128 MiB), so stored costs up to that verify. */
const MAX_MEMORY = 256 * 1024 * 1024;

let cost = PASSWORD_HASH_COST;

/**
 * Sets the cost N of hashes made from now on in this process (a power of two). Only for test
 * suites, where thousands of sign-ups at the production cost would take minutes of CPU; a server
 * never calls it.
 */
export function setPasswordHashCostForTests(n: number): void {
  cost = n;
  unusableHash = undefined;
}

let derivations = 0;

/** How many scrypt derivations this process has run (hashes and checks): one per hash, one per check. */
export function passwordDerivations(): number {
  return derivations;
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  derivations += 1;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** Hashes a new password for storage. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: cost, r: BLOCK_SIZE, p: PARALLELISM });
  return [
    'scrypt',
    cost,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/**
 * True when `password` matches `stored` (constant-time comparison). False for a malformed hash,
 * after checking against {@link unusablePasswordHash}, so that costs the same time.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, blockSize, parallelism, salt, hash] = stored.split('$');
  if (
    scheme !== 'scrypt' ||
    salt === undefined ||
    hash === undefined ||
    !validParameters(cost, blockSize, parallelism)
  ) {
    await verifyPassword(password, unusablePasswordHash());
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
 * Whether stored parameters are ones scrypt takes within {@link MAX_MEMORY}: N a power of two up to
 * 2^17, r up to 8, p up to 4. Others (a corrupt row) are checked as the unusable hash is.
 */
function validParameters(n = '', r = '', p = ''): boolean {
  const [cost, blockSize, parallelism] = [Number(n), Number(r), Number(p)];
  return (
    Number.isInteger(cost) &&
    cost >= 2 &&
    cost <= PASSWORD_HASH_COST &&
    (cost & (cost - 1)) === 0 &&
    Number.isInteger(blockSize) &&
    blockSize >= 1 &&
    blockSize <= BLOCK_SIZE &&
    Number.isInteger(parallelism) &&
    parallelism >= 1 &&
    parallelism <= 4
  );
}

/**
 * True when `stored` was made with other parameters than new hashes get (an older, lower cost):
 * after a successful sign-in, store `hashPassword(password)` in its place.
 */
export function needsRehash(stored: string): boolean {
  const [scheme, n, blockSize, parallelism] = stored.split('$');
  return (
    scheme === 'scrypt' &&
    (Number(n) !== cost || Number(blockSize) !== BLOCK_SIZE || Number(parallelism) !== PARALLELISM)
  );
}

let unusableHash: string | undefined;

/**
 * A hash no password matches (random salt and random bytes, the parameters new hashes get):
 * verified against when the email is unknown, so timing does not tell; and stored for users who
 * never sign in by password (managed authentication's), costing no derivation to make.
 */
export function unusablePasswordHash(): string {
  unusableHash ??= [
    'scrypt',
    cost,
    BLOCK_SIZE,
    PARALLELISM,
    randomBytes(16).toString('base64url'),
    randomBytes(KEY_LENGTH).toString('base64url'),
  ].join('$');
  return unusableHash;
}
