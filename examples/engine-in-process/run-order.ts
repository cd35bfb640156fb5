import { FlowEngine, type RunResult } from '@piecework/engine';
import { createInProcessHost } from '@piecework/pieces';
import { orderFlow } from './order-flow';

/**
 * Runs the order flow in-process (its code steps in QuickJS, its piece step with the built-in
 * pieces) for an order and returns the run result and the steps that finished.
 */
export async function runOrder(
  lines: { sku: string; qty: number; price: number }[],
): Promise<{ result: RunResult; finished: string[] }> {
  const engine = new FlowEngine({ host: createInProcessHost() });
  const finished: string[] = [];
  engine.on('step.finished', ({ stepName, path }) => {
    finished.push(path.length > 0 ? `${stepName}#${path.map((p) => p.iteration + 1).join('.')}` : stepName);
  });
  const result = await engine.execute({ flowVersion: orderFlow, triggerPayload: { body: { lines } } });
  return { result, finished };
}
