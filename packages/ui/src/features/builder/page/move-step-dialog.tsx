/**
 * "Move to…": a dialog listing every place step `stepName` can move to (outside itself, not
 * where it is), in reading order; choosing one and "Move" sends MOVE_ACTION.
 */
import type { Trigger } from '@piecework/shared';
import { useMemo, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { SelectField } from '../../../components/field';
import type { Insertion } from '../structure/insertion';
import { moveChoices } from '../structure/step-positions';

/** Props of {@link MoveStepDialog}. */
export interface MoveStepDialogProps {
  trigger: Trigger;
  stepName: string;
  busy: boolean;
  onMove: (insertion: Insertion) => void;
  onClose: () => void;
}

/** The move chooser. */
export function MoveStepDialog({ trigger, stepName, busy, onMove, onClose }: MoveStepDialogProps) {
  const choices = useMemo(() => moveChoices(trigger, stepName), [trigger, stepName]);
  const [chosen, setChosen] = useState('0');
  const choice = choices[Number(chosen)];
  return (
    <Dialog
      title={`Move ${stepName}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn primary"
            disabled={choice === undefined || busy}
            onClick={() => choice !== undefined && onMove(choice.insertion)}
          >
            Move
          </button>
        </>
      }
    >
      {choices.length === 0 ? (
        <p>There is nowhere else this step can go.</p>
      ) : (
        <SelectField
          label="New position"
          value={chosen}
          onValueChange={(value) => setChosen(value)}
          options={choices.map((each, index) => ({ value: String(index), label: `Put it ${each.label}` }))}
        />
      )}
    </Dialog>
  );
}
