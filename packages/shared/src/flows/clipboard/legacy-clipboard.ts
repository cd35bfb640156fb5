import { emptyChains, type StepNode } from '../algebra/step-tree';
import { LEGACY_EMPTY_PARENT, type LegacyClipboard } from './clipboard-format';

interface Placed {
  node: StepNode;
  chain: StepNode[];
}

/**
 * Rebuilds step trees from older Activepieces clipboard text (one ADD_ACTION request per
 * step): entries are placed in order the way ADD_ACTION places them, relative to the copied
 * step they name as parent; an entry whose parent is {@link LEGACY_EMPTY_PARENT}, was not
 * copied, or does not fit its location becomes the next top-level step.
 * Use it through `readClipboard`.
 */
export function legacyClipboardNodes(entries: LegacyClipboard): StepNode[] {
  const top: StepNode[] = [];
  const placed = new Map<string, Placed>();
  for (const entry of entries) {
    const { action } = entry;
    const node: StepNode = { body: action, chains: emptyChains(action) };
    let chain = placeNode(node, entry, placed);
    if (!chain) {
      top.push(node);
      chain = top;
    }
    placed.set(action.name, { node, chain });
  }
  return top;
}

function placeNode(
  node: StepNode,
  entry: LegacyClipboard[number],
  placed: ReadonlyMap<string, Placed>,
): StepNode[] | undefined {
  const parent = entry.parentStep === LEGACY_EMPTY_PARENT ? undefined : placed.get(entry.parentStep);
  if (!parent) return undefined;
  const parentType = parent.node.body.type;
  switch (entry.stepLocationRelativeToParent ?? 'AFTER') {
    case 'AFTER':
      parent.chain.splice(parent.chain.indexOf(parent.node) + 1, 0, node);
      return parent.chain;
    case 'INSIDE_LOOP': {
      const body = parentType === 'LOOP_ON_ITEMS' ? parent.node.chains[0] : undefined;
      body?.unshift(node);
      return body;
    }
    case 'INSIDE_BRANCH': {
      const branch =
        parentType === 'ROUTER' && entry.branchIndex != null
          ? parent.node.chains[entry.branchIndex]
          : undefined;
      branch?.unshift(node);
      return branch;
    }
  }
}
