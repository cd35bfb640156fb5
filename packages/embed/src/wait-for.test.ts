import { describe, expect, it } from 'vitest';
import { GRACE_PERIOD, waitFor } from './wait-for';

describe('waitFor', () => {
  it('resolves at once what is already there', async () => {
    await expect(waitFor(() => 'container')).resolves.toBe('container');
  });

  it('resolves what appears later', async () => {
    let checks = 0;
    await expect(
      waitFor(() => (++checks >= 3 ? 'container' : null), { attempts: 5, intervalMs: 1 }),
    ).resolves.toBe('container');
    expect(checks).toBe(3);
  });

  it('resolves null after the last attempt', async () => {
    let checks = 0;
    await expect(waitFor(() => (checks++, undefined), { attempts: 4, intervalMs: 1 })).resolves.toBeNull();
    expect(checks).toBe(5);
  });

  it("uses Activepieces' grace period of 100 x 100 ms by default", () => {
    expect(GRACE_PERIOD).toStrictEqual({ attempts: 100, intervalMs: 100 });
  });
});
