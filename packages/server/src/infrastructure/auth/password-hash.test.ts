import { afterAll, describe, expect, it } from 'vitest';
import {
  hashPassword,
  needsRehash,
  PASSWORD_HASH_COST,
  setPasswordHashCostForTests,
  unusablePasswordHash,
  verifyPassword,
} from './password-hash';

const testCost = 2 ** 12;
afterAll(() => setPasswordHashCostForTests(testCost));

const parameters = (hash: string) => hash.split('$').slice(0, 4);

describe('password hashes', () => {
  it("are made at OWASP's scrypt parameters by default: N=2^17, r=8, p=1", async () => {
    expect(PASSWORD_HASH_COST).toBe(2 ** 17);
    setPasswordHashCostForTests(PASSWORD_HASH_COST);
    const stored = await hashPassword('correct horse battery');
    expect(parameters(stored)).toEqual(['scrypt', '131072', '8', '1']);
    expect(parameters(unusablePasswordHash())).toEqual(['scrypt', '131072', '8', '1']);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
    setPasswordHashCostForTests(testCost);
  }, 60_000);

  it('verifies a hash made at the old cost 2^14, and says it needs a new one', async () => {
    setPasswordHashCostForTests(2 ** 14);
    const old = await hashPassword('s3cret password');
    setPasswordHashCostForTests(testCost);
    expect(parameters(old)).toEqual(['scrypt', '16384', '8', '1']);
    expect(await verifyPassword('s3cret password', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('s3cret password'))).toBe(false);
  });

  it.each([
    ['another scheme', 'bcrypt$2b$10$abc'],
    ['a cost over 2^17', 'scrypt$262144$8$1$c2FsdA$a2V5'],
    ['a cost that is no power of two', 'scrypt$1000$8$1$c2FsdA$a2V5'],
    ['a block size over 8', 'scrypt$16384$64$1$c2FsdA$a2V5'],
    ['a cut-short hash', 'scrypt$16384$8$1'],
  ])('refuses %s as no password matches it, without throwing', async (_, stored) => {
    expect(await verifyPassword('anything', stored)).toBe(false);
  });
});
