/**
 * Calls that fail with an error the database says to simply retry (PostgreSQL's deadlocks) run
 * again in a later transaction; other failures reject at once. Over fake transaction primitives.
 */
import { describe, expect, it } from 'vitest';
import { GroupCommit, MAX_ATTEMPTS, type TransactionPrimitives } from './group-commit';

const retryable = Object.assign(new Error('deadlock detected'), { code: '40P01' });

function fakeGroup(): { group: GroupCommit<null>; transactions: () => number } {
  let transactions = 0;
  const primitives: TransactionPrimitives<null> = {
    transaction: (body) => {
      transactions += 1;
      return body(null);
    },
    savepoint: () => Promise.resolve(),
    release: () => Promise.resolve(),
    rollbackTo: () => Promise.resolve(),
    isRetryable: (error) => (error as { code?: unknown }).code === '40P01',
  };
  return { group: new GroupCommit(primitives), transactions: () => transactions };
}

describe('GroupCommit with retryable errors', () => {
  it.each([
    ['alone in its transaction', 1],
    ['in a batch of several', 4],
  ])('runs a call again after a retryable failure, %s', async (_, batchSize) => {
    const { group } = fakeGroup();
    let attempts = 0;
    const flaky = group.run(() => {
      attempts += 1;
      return attempts < 3 ? Promise.reject(retryable) : Promise.resolve('done');
    });
    const others = Array.from({ length: batchSize - 1 }, (_, index) =>
      group.run(() => Promise.resolve(index)),
    );
    expect(await flaky).toBe('done');
    expect(attempts).toBe(3);
    expect(await Promise.all(others)).toEqual(Array.from({ length: batchSize - 1 }, (_, index) => index));
  });

  it(`gives up after ${String(MAX_ATTEMPTS)} attempts, rejecting with the last error`, async () => {
    const { group, transactions } = fakeGroup();
    let attempts = 0;
    const doomed = group.run(() => {
      attempts += 1;
      return Promise.reject(retryable);
    });
    await expect(doomed).rejects.toBe(retryable);
    expect(attempts).toBe(MAX_ATTEMPTS);
    expect(transactions()).toBe(MAX_ATTEMPTS);
  });

  it('rejects at once on an error that is not retryable', async () => {
    const { group } = fakeGroup();
    let attempts = 0;
    const failing = group.run(() => {
      attempts += 1;
      return Promise.reject(new Error('unique violation'));
    });
    await expect(failing).rejects.toThrow('unique violation');
    expect(attempts).toBe(1);
  });
});
