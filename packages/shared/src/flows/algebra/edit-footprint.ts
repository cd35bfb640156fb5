import type { FlowVersion } from '../flow-version';
import { stepPlaces } from './step-location';
import { allNodes, unlinkTree } from './step-tree';
import { withoutStamps } from './version-content';

/**
 * The parts of a draft one edit touched, each as it was (JSON text; null where the part did not
 * exist): `displayName`, `trigger`, `step:<name>` (the step's own fields and its place) and
 * `note:<id>`. Keep the footprints of an edit to check, before undoing or redoing it later, that
 * nobody has changed those parts since (see {@link changedPart}).
 */
export type EditFootprint = Readonly<Record<string, string | null>>;

/** The parts `after` changed from `before`: their footprint before the edit and after it. */
export function editFootprint(
  before: FlowVersion,
  after: FlowVersion,
): { before: EditFootprint; after: EditFootprint } {
  const was = versionParts(before);
  const is = versionParts(after);
  const keys = [...new Set([...was.keys(), ...is.keys()])].filter((key) => was.get(key) !== is.get(key));
  return {
    before: Object.fromEntries(keys.map((key) => [key, was.get(key) ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, is.get(key) ?? null])),
  };
}

/**
 * The first part of `version` that is not as `expected` says (a key of it), or undefined when
 * every part is. Use it before undoing an edit (expected: the edit's footprint after it) or
 * redoing it (its footprint before it).
 */
export function changedPart(version: FlowVersion, expected: EditFootprint): string | undefined {
  const parts = versionParts(version);
  return Object.keys(expected).find((key) => (parts.get(key) ?? null) !== expected[key]);
}

function versionParts(version: FlowVersion): Map<string, string> {
  const tree = unlinkTree(version.trigger);
  const parts = new Map<string, string>([
    ['displayName', version.displayName],
    ['trigger', partText(tree.trigger)],
  ]);
  const places = stepPlaces(tree);
  for (const node of allNodes(tree)) {
    const { name } = node.body;
    parts.set(
      `step:${name}`,
      JSON.stringify([withoutStamps({ ...node.body, valid: undefined }), places.get(name)]),
    );
  }
  for (const note of version.notes) parts.set(`note:${note.id}`, partText(note));
  return parts;
}

function partText(part: object): string {
  return JSON.stringify(withoutStamps({ ...part, valid: undefined }));
}
