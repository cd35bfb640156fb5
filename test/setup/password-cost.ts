/**
 * Test servers hash passwords at scrypt N=2^12 instead of the production 2^17: the suite signs up
 * thousands of users, and at 128 MiB and a few hundred ms each that alone would take many minutes
 * on two cores. Hashes still carry their parameters, so every code path is the production one;
 * `password-hash.test.ts` checks the production cost itself.
 */
import { setPasswordHashCostForTests } from '../../packages/server/src/infrastructure/auth/password-hash';

setPasswordHashCostForTests(2 ** 12);
