import { describe, expect, it } from 'vitest';
import { runOrder } from './run-order';

describe('the in-process engine example', () => {
  it('totals the order, tags each line, routes a big order and writes a summary with a piece', async () => {
    const { result, finished } = await runOrder([
      { sku: 'book', qty: 2, price: 30 },
      { sku: 'lamp', qty: 1, price: 55 },
    ]);
    expect(result.status).toBe('SUCCEEDED');
    expect(result.steps.step_1!.output).toEqual({ total: 115 });
    expect(finished).toEqual(['step_1', 'step_3#1', 'step_3#2', 'step_2', 'step_4', 'step_5', 'step_7']);
    expect(result.steps.step_5!.output).toEqual({ route: 'big order' });
    expect(result.steps.step_7!.output).toBe('Order total: 115');
  });

  it('routes a small order to the fallback branch', async () => {
    const { result } = await runOrder([{ sku: 'pen', qty: 1, price: 2 }]);
    expect(result.steps.step_6!.output).toEqual({ route: 'normal order' });
    expect(result.steps.step_5).toBeUndefined();
  });
});
