/**
 * Where the run page's selection goes when the reader pages a loop to another iteration: a step
 * selected inside the loop's shown iteration follows to the same step of the new one; any other
 * selection stays.
 */
import type { RunTreeStep } from './run-tree';

/**
 * The key to select once loop `loop` shows `iteration`, when `selectedKey` is inside the
 * iteration it shows now; undefined when the selection is elsewhere and stays.
 */
export function selectionInIteration(
  selectedKey: string | undefined,
  loop: RunTreeStep,
  iteration: number,
): string | undefined {
  const inside = `${loop.key}[${String(loop.loop?.shown ?? 0)}].`;
  if (selectedKey?.startsWith(inside)) {
    return `${loop.key}[${String(iteration)}].${selectedKey.slice(inside.length)}`;
  }
  return undefined;
}
