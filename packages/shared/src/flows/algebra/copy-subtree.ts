import { renameStepReferences } from '../references';
import { mapStepTemplates } from './step-templates';
import { subtreeNodes, type StepNode } from './step-tree';

/**
 * Copies step nodes for DUPLICATE_ACTION / DUPLICATE_BRANCH: every step in them gets a fresh
 * name from `allocateName` (in execution order), its display name the suffix ` Copy`, its
 * sample data reset, and every `{{ }}` reference inside the copy to a renamed step now points
 * at the new name. Nothing outside the copy changes.
 */
export function copyChain(chain: readonly StepNode[], allocateName: () => string, now: string): StepNode[] {
  const renames = new Map<string, string>();
  for (const node of chain.flatMap(subtreeNodes)) renames.set(node.body.name, allocateName());
  const rename = (text: string) => renameStepReferences(text, renames);
  const copyNode = (node: StepNode): StepNode => {
    const { sampleData: _reset, ...settings } = node.body.settings;
    const renamed = {
      ...node.body,
      name: renames.get(node.body.name)!,
      displayName: `${node.body.displayName} Copy`,
      settings,
      lastUpdatedDate: now,
    } as StepNode['body'];
    return {
      body: mapStepTemplates(renamed, rename),
      chains: node.chains.map((nested) => nested.map(copyNode)),
    };
  };
  return chain.map(copyNode);
}
