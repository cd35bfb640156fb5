import type { FlowVersion } from '../flow-version';
import { upgradeToNestedDialect } from '../references';
import { mapStepTemplates } from '../algebra/step-templates';
import { subtreeNodes, type StepNode } from '../algebra/step-tree';
import { getStepNames } from '../algebra/walk';

/**
 * Upgrades the `{{ }}` references of steps copied in Activepieces (old dialect, `step_1.x`) to
 * Piecework's NESTED dialect (`step_1['output'].x`), as IMPORT_FLOW does for an imported flow:
 * names of the pasted steps, of the target version's steps and `trigger` count as steps. Code
 * source is never touched. Answers new nodes. Use it before renaming steps pasted from text
 * whose `oldDialect` is true.
 */
export function upgradePastedReferences(
  nodes: readonly StepNode[],
  version: Pick<FlowVersion, 'trigger'>,
): StepNode[] {
  const names = getStepNames(version);
  names.add('trigger');
  for (const node of nodes.flatMap(subtreeNodes)) names.add(node.body.name);
  const upgrade = (text: string) => upgradeToNestedDialect(text, names);
  const upgradeNode = (node: StepNode): StepNode => ({
    body: mapStepTemplates(node.body, upgrade),
    chains: node.chains.map((chain) => chain.map(upgradeNode)),
  });
  return nodes.map(upgradeNode);
}
