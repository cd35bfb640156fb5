import { renameStepReferences } from '../references';
import { mapStepTemplates } from '../algebra/step-templates';
import { allNodes, linkTree, unlinkTree } from '../algebra/step-tree';
import type { Trigger } from '../trigger';

const GLOBALS = new Set(
  'JSON Math Date Number String Object Array Boolean RegExp Error Promise Symbol BigInt parseInt parseFloat isNaN encodeURIComponent decodeURIComponent encodeURI decodeURI undefined NaN Infinity globalThis connections trigger'.split(
    ' ',
  ),
);

/**
 * The display-name reference dialect some hand-written exports use (`{{Ask_AI.response}}` for
 * the step displayed as "Ask AI"): every free identifier that is no step's name but is exactly
 * one step's display name with non-identifier characters as `_` is renamed to that step's name.
 * Ambiguous display names (two steps called "Code") are left alone, and so are references that
 * match nothing: the flow's validation reports those on their step.
 */
export function resolveDisplayNameReferences(trigger: Trigger): Trigger {
  const tree = unlinkTree(trigger);
  const bodies = [tree.trigger, ...allNodes(tree).map((node) => node.body)];
  const names = new Set(bodies.map((body) => body.name));
  const candidates = new Map<string, string[]>();
  for (const body of bodies) {
    const key = body.displayName.trim().replace(/[^A-Za-z0-9_$]/g, '_');
    if (!/^[A-Za-z_$]/.test(key) || names.has(key) || GLOBALS.has(key)) continue;
    candidates.set(key, [...(candidates.get(key) ?? []), body.name]);
  }
  const renames = new Map<string, string>();
  for (const [key, owners] of candidates) if (owners.length === 1) renames.set(key, owners[0]!);
  if (renames.size === 0) return trigger;
  const rename = (text: string) => renameStepReferences(text, renames);
  tree.trigger = mapStepTemplates(tree.trigger, rename);
  for (const node of allNodes(tree)) node.body = mapStepTemplates(node.body, rename);
  return linkTree(tree);
}
