/**
 * The settings panel's draft of one step: what the form shows and edits. Each change updates the
 * draft at once and is saved ~500 ms after the last one, as one UPDATE_ACTION / UPDATE_TRIGGER
 * of the whole step through the flow editor (one operation at a time, in order). The server's
 * answers never overwrite the draft while a change is unsaved or on its way, so typing is never
 * lost; when the step changes elsewhere (another tab) while the draft is saved, the draft follows.
 * A failed save keeps the draft and says so; the next change, or `flush()`, sends it again.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useToast } from '../../../components/toast';
import type { FlowEditor } from '../flow-editor/use-flow-editor';
import {
  contentKey,
  editableOf,
  saveOperation,
  withServerOwnedFields,
  type EditableStep,
} from './step-request';
import type { AnyStep } from './step-scope';

/** How long after the last change the draft is saved. */
export const SAVE_DELAY_MS = 500;

/** Where the draft stands with the server. */
export type DraftStatus = 'saved' | 'pending' | 'saving' | 'failed';

/** What {@link useStepDraft} answers. */
export interface StepDraft {
  readonly draft: EditableStep;
  readonly status: DraftStatus;
  /** Changes the draft (`update` gets the latest draft) and schedules its save. */
  change(update: (step: EditableStep) => EditableStep): void;
  /** Saves an unsaved change now; resolves once the server has it (rejects if it refused it). */
  flush(): Promise<void>;
}

/**
 * The draft of `step` (the step as the server last answered it, `ownValid` its validity on its
 * own), saved through `editor`.
 */
export function useStepDraft(
  editor: FlowEditor,
  step: AnyStep,
  ownValid: boolean,
  readonly: boolean,
): StepDraft {
  const { toastError } = useToast();
  const { apply } = editor;
  const server = useMemo(() => editableOf(step, ownValid), [step, ownValid]);
  const [draft, setDraft] = useState(server);
  const [status, setStatus] = useState<DraftStatus>('saved');
  const latest = useRef(draft);
  const serverStep = useRef(step);
  const unsaved = useRef(false);
  const sending = useRef(0);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    serverStep.current = step;
  }, [step]);

  useEffect(() => {
    if (unsaved.current || sending.current > 0) return;
    if (contentKey(latest.current) === contentKey(server)) return;
    latest.current = server;
    setDraft(server);
  }, [server]);

  const save = useCallback(async (): Promise<void> => {
    window.clearTimeout(timer.current);
    if (!unsaved.current || readonly) return;
    unsaved.current = false;
    sending.current += 1;
    setStatus('saving');
    try {
      // A step deleted before this save's turn (by the user, or its panel closing with it) takes
      // its unsaved change with it rather than failing on a step that is gone.
      await apply(saveOperation(withServerOwnedFields(latest.current, serverStep.current)), {
        whileStepExists: serverStep.current.name,
      });
      setStatus(unsaved.current ? 'pending' : 'saved');
    } catch (error) {
      unsaved.current = true;
      setStatus('failed');
      toastError(error);
      throw error;
    } finally {
      sending.current -= 1;
    }
  }, [apply, readonly, toastError]);

  const change = useCallback(
    (update: (step: EditableStep) => EditableStep) => {
      if (readonly) return;
      const next = update(latest.current);
      latest.current = next;
      setDraft(next);
      unsaved.current = true;
      setStatus('pending');
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void save().catch(() => undefined), SAVE_DELAY_MS);
    },
    [readonly, save],
  );

  // Leaving the step (closing the panel, picking another) saves what is pending at once.
  useEffect(() => () => void save().catch(() => undefined), [save]);

  return { draft, status, change, flush: save };
}
