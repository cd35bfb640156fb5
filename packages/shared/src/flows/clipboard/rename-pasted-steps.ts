import type { FlowVersion } from '../flow-version';
import { renameStepReferences } from '../references';
import { stepNameAllocator } from '../algebra/naming';
import { mapStepTemplates } from '../algebra/step-templates';
import { subtreeNodes, type StepNode } from '../algebra/step-tree';
import { getAllSteps } from '../algebra/walk';

/**
 * Makes pasted step nodes fit into `version`: a step keeps its name unless the version (or an
 * earlier pasted step) already has it, and then gets the lowest free `step_N`; every `{{ }}`
 * reference among the pasted steps follows the renames (references to other steps are left
 * alone); a display name the version already uses gets the suffix ` Copy`, as Activepieces
 * does; sample data and `lastUpdatedDate` are dropped. Returns new nodes, in the same order.
 * Use it before turning pasted nodes into ADD_ACTION operations.
 */
export function renamePastedSteps(
  nodes: readonly StepNode[],
  version: Pick<FlowVersion, 'trigger'>,
): StepNode[] {
  const existing = getAllSteps(version.trigger);
  const taken = new Set(existing.map((step) => step.name));
  const displayNames = new Set(existing.map((step) => step.displayName));
  const pasted = nodes.flatMap(subtreeNodes);
  const allocate = stepNameAllocator([...taken, ...pasted.map((node) => node.body.name)]);
  const newNames = new Map<StepNode, string>();
  const claimed = new Set<string>();
  const renames = new Map<string, string>();
  for (const node of pasted) {
    const name = node.body.name;
    const newName = taken.has(name) || claimed.has(name) ? allocate() : name;
    claimed.add(newName);
    newNames.set(node, newName);
    if (!renames.has(name)) renames.set(name, newName);
  }
  const rename = (text: string) => renameStepReferences(text, renames);
  const copyNode = (node: StepNode): StepNode => {
    const newName = newNames.get(node)!;
    const { lastUpdatedDate: _updated, ...body } = node.body;
    const { sampleData: _sampleData, ...settings } = body.settings;
    const displayName = displayNames.has(body.displayName) ? `${body.displayName} Copy` : body.displayName;
    return {
      body: mapStepTemplates({ ...body, name: newName, displayName, settings } as StepNode['body'], rename),
      chains: node.chains.map((chain) => chain.map(copyNode)),
    };
  };
  return nodes.map(copyNode);
}
