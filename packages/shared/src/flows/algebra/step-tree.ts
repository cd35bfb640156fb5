import type { Step } from '../step';
import type { Trigger } from '../trigger';

/** Removes keys from each member of a union (plain `Omit` would merge the members). */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A step's own fields, without its links (`nextAction`, `firstLoopAction`, `children`). */
export type StepBody = DistributiveOmit<Step, 'nextAction' | 'firstLoopAction' | 'children'>;
/** The trigger's own fields, without `nextAction`. */
export type TriggerBody = DistributiveOmit<Trigger, 'nextAction'>;

/**
 * A step in the editable form of a flow version: its body plus its nested chains as arrays —
 * one chain (the body) for a loop, one per branch for a router, none otherwise.
 * Operations edit these arrays; {@link linkTree} turns them back into linked steps.
 */
export interface StepNode {
  body: StepBody;
  chains: StepNode[][];
}

/**
 * The nested chains a new step starts with: one empty body for a loop, an empty chain per branch
 * for a router, none otherwise. Use it when a step node is made from a body alone.
 */
export function emptyChains(body: StepBody): StepNode[][] {
  if (body.type === 'LOOP_ON_ITEMS') return [[]];
  if (body.type === 'ROUTER') return body.settings.branches.map(() => []);
  return [];
}

/** The editable form of a whole version: the trigger body and the main chain. */
export interface StepTree {
  trigger: TriggerBody;
  chain: StepNode[];
}

/** Where a step sits in a {@link StepTree}: the node and the chain array holding it. */
export interface StepLocation {
  node: StepNode;
  chain: StepNode[];
}

/**
 * Turns a trigger and its linked steps into the editable {@link StepTree}. New arrays and
 * nodes are made; step bodies are shared with the input (never mutate a body: replace it).
 */
export function unlinkTree(trigger: Trigger): StepTree {
  const { nextAction, ...body } = trigger;
  return { trigger: body as TriggerBody, chain: unlinkChain(nextAction) };
}

/** Turns a linked chain (a head step) into an array of {@link StepNode}s. */
export function unlinkChain(head: Step | null | undefined): StepNode[] {
  const chain: StepNode[] = [];
  for (let step = head; step; step = step.nextAction) {
    chain.push(unlinkStep(step));
  }
  return chain;
}

function unlinkStep(step: Step): StepNode {
  switch (step.type) {
    case 'LOOP_ON_ITEMS': {
      const { nextAction: _next, firstLoopAction, ...body } = step;
      return { body, chains: [unlinkChain(firstLoopAction)] };
    }
    case 'ROUTER': {
      const { nextAction: _next, children, ...body } = step;
      const chains = body.settings.branches.map((_, index) => unlinkChain(children[index]));
      return { body, chains };
    }
    default: {
      const { nextAction: _next, ...body } = step;
      return { body, chains: [] };
    }
  }
}

/** Turns a {@link StepTree} back into a trigger with linked steps (all-new step objects). */
export function linkTree(tree: StepTree): Trigger {
  const head = linkChain(tree.chain);
  return (head ? { ...tree.trigger, nextAction: head } : { ...tree.trigger }) as Trigger;
}

/** Links an array of nodes into a chain; returns its head, or undefined for an empty chain. */
export function linkChain(chain: readonly StepNode[]): Step | undefined {
  let next: Step | undefined;
  for (let index = chain.length - 1; index >= 0; index--) {
    next = linkStep(chain[index]!, next);
  }
  return next;
}

function linkStep(node: StepNode, next: Step | undefined): Step {
  const links: Record<string, unknown> = {};
  if (node.body.type === 'LOOP_ON_ITEMS') {
    const body = linkChain(node.chains[0] ?? []);
    if (body) links.firstLoopAction = body;
  } else if (node.body.type === 'ROUTER') {
    links.children = node.chains.map((chain) => linkChain(chain) ?? null);
  }
  if (next) links.nextAction = next;
  return { ...node.body, ...links } as Step;
}

/** Every step node of a tree, depth first in execution order (a step before its body). */
export function allNodes(tree: StepTree): StepNode[] {
  const nodes: StepNode[] = [];
  const visit = (chain: readonly StepNode[]) => {
    for (const node of chain) {
      nodes.push(node);
      for (const nested of node.chains) visit(nested);
    }
  };
  visit(tree.chain);
  return nodes;
}

/** Every node of a subtree (the node itself first). */
export function subtreeNodes(node: StepNode): StepNode[] {
  return allNodes({ trigger: undefined as never, chain: [node] });
}

/** Finds a step node and the chain that holds it, or undefined. */
export function locateStep(tree: StepTree, name: string): StepLocation | undefined {
  const search = (chain: StepNode[]): StepLocation | undefined => {
    for (const node of chain) {
      if (node.body.name === name) return { node, chain };
      for (const nested of node.chains) {
        const found = search(nested);
        if (found) return found;
      }
    }
    return undefined;
  };
  return search(tree.chain);
}

/** The names of the trigger and of every step. */
export function treeNames(tree: StepTree): Set<string> {
  const names = new Set<string>([tree.trigger.name]);
  for (const node of allNodes(tree)) names.add(node.body.name);
  return names;
}
