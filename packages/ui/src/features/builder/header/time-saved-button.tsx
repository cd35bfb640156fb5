/**
 * "Time saved": the minutes one run of the flow saves someone (`UPDATE_MINUTES_SAVED`), which the
 * Impact pages multiply by the flow's successful runs. A button in the builder's header opens a
 * dialog with the number; an empty field clears it.
 */
import type { FlowOperation, PopulatedFlow } from '@piecework/shared';
import { Clock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/dialog';
import { TextField } from '../../../components/field';

/** Props of {@link TimeSavedButton}. */
export interface TimeSavedButtonProps {
  flow: PopulatedFlow;
  busy: boolean;
  run: (operation: FlowOperation, done?: string) => void;
}

/** Reads the field: a number of minutes (0 or more), null for empty, undefined when invalid. */
function minutesOf(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const minutes = Number(text);
  return Number.isFinite(minutes) && minutes >= 0 ? minutes : undefined;
}

/** The header's "Time saved" button and its dialog. */
export function TimeSavedButton({ flow, busy, run }: TimeSavedButtonProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const current = flow.timeSavedPerRun ?? null;
  const minutes = minutesOf(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (minutes === undefined) return;
    run(
      { type: 'UPDATE_MINUTES_SAVED', request: { timeSavedPerRun: minutes } },
      'Time saved per run updated',
    );
    setOpen(false);
  };
  return (
    <>
      <button
        type="button"
        className="btn"
        disabled={busy}
        onClick={() => {
          setText(current === null ? '' : String(current));
          setOpen(true);
        }}
      >
        <Clock size={16} aria-hidden="true" />
        {current === null ? 'Time saved' : `${current} min saved`}
      </button>
      {open ? (
        <Dialog
          title="Time saved per run"
          onClose={() => setOpen(false)}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setOpen(false)}>
                Cancel
              </button>
              <button
                type="submit"
                form="time-saved-form"
                className="btn primary"
                disabled={minutes === undefined}
              >
                Save
              </button>
            </>
          }
        >
          <form id="time-saved-form" onSubmit={submit}>
            <TextField
              label="Minutes saved per run"
              type="number"
              min={0}
              step="any"
              inputMode="decimal"
              value={text}
              onChange={(event) => setText(event.target.value)}
              hint="How long a person would take to do what one successful run does. Leave empty to clear it."
              error={minutes === undefined ? 'Enter a number of minutes, 0 or more.' : undefined}
            />
          </form>
        </Dialog>
      ) : null}
    </>
  );
}
