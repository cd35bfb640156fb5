/**
 * The settings of a LOOP_ON_ITEMS step: the list to loop over (`settings.items`), usually a
 * reference picked in the data selector, e.g. `{{trigger['output']['body']['items']}}`. The steps
 * inside the loop read the current item as `{{loop_1['output']['item']}}`.
 */
import { useId } from 'react';
import { ExpressionInput } from './properties/expression-input';
import type { EditableStep } from './step-request';
import type { StepDraft } from './use-step-draft';

/** The draft of a loop. */
export type LoopDraft = Extract<EditableStep, { type: 'LOOP_ON_ITEMS' }>;

/** Props of {@link LoopStepSettings}. */
export interface LoopStepSettingsProps {
  draft: LoopDraft;
  change: StepDraft['change'];
  readonly: boolean;
}

/** The items field of a loop. */
export function LoopStepSettings({ draft, change, readonly }: LoopStepSettingsProps) {
  const id = useId();
  const items = draft.settings.items;
  const empty = items.trim().length === 0;
  return (
    <fieldset className="plain" disabled={readonly}>
      <div className="prop-field">
        <div className="prop-label-row">
          <label htmlFor={id}>
            Items
            <span className="required-mark" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
        </div>
        <ExpressionInput
          id={id}
          label="Items"
          aria-describedby={`${id}-hint${empty ? ` ${id}-error` : ''}`}
          aria-invalid={empty}
          placeholder="{{step_1['output']['items']}}"
          value={items}
          onChange={(text) =>
            change((step) =>
              step.type === 'LOOP_ON_ITEMS'
                ? { ...step, settings: { ...step.settings, items: text }, valid: text.trim().length > 0 }
                : step,
            )
          }
        />
        <div id={`${id}-hint`} className="field-hint">
          The list to loop over: pick it from an earlier step&apos;s data. Steps inside the loop read the
          current item as <code>{`{{${draft.name}['output']['item']}}`}</code>.
        </div>
        {empty ? (
          <div id={`${id}-error`} className="field-error">
            Required
          </div>
        ) : null}
      </div>
    </fieldset>
  );
}
