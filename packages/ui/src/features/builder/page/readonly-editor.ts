/**
 * A {@link FlowEditor} over a past version, for the panels while it is viewed: it shows that
 * version and refuses every edit (the panels are read-only then anyway).
 */
import type { PopulatedFlow } from '@piecework/shared';
import type { FlowEditor } from '../flow-editor/use-flow-editor';

/** An editor of `flow` that cannot apply operations. */
export function readonlyEditor(flow: PopulatedFlow, reload: () => Promise<void>): FlowEditor {
  return {
    flow,
    loadError: null,
    saving: false,
    conflict: null,
    apply: () => Promise.reject(new Error('A past version cannot be edited: use it as the draft first.')),
    reload,
    canUndo: false,
    canRedo: false,
    undo: () => Promise.resolve(),
    redo: () => Promise.resolve(),
    startGroup: () => () => undefined,
  };
}
