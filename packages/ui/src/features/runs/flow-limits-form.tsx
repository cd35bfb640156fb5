/**
 * A flow's own stuck-run limits: choose a flow of the project, then override any limit (blank
 * keeps the platform's default, shown as the placeholder).
 */
import type { FlowStuckRunLimits, PopulatedFlow } from '@piecework/shared';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { SelectField } from '../../components/field';
import { useToast } from '../../components/toast';
import { LimitInputs, limitsOf, textsOf, type LimitTexts } from './limit-inputs';
import { useFlowLimits, useSetFlowLimits } from './use-stuck-runs';

/** Props of {@link FlowLimitsForm}. */
export interface FlowLimitsFormProps {
  projectId: string;
  /** The project's flows to choose from. */
  flows: readonly PopulatedFlow[];
}

const BLANK: LimitTexts = { queuedMinutes: '', runningMinutes: '', pausedMinutes: '' };

/** The flow chooser and the chosen flow's overrides. */
export function FlowLimitsForm({ projectId, flows }: FlowLimitsFormProps) {
  const [flowId, setFlowId] = useState('');
  const limits = useFlowLimits(flowId);
  const [texts, setTexts] = useState<LimitTexts>(BLANK);
  useEffect(
    () => setTexts(limits.data === undefined ? BLANK : textsOf(limits.data.overrides)),
    [limits.data],
  );
  const save = useSetFlowLimits(projectId);
  const { toast } = useToast();
  const [error, setError] = useState<string | undefined>();
  const defaults = limits.data?.platformDefaults;
  return (
    <section className="stuck-limits" aria-labelledby="flow-limits-title">
      <h2 id="flow-limits-title">Limits of one flow</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (flowId === '') return;
          save.mutate(
            { flowId, limits: limitsOf(texts) as FlowStuckRunLimits },
            {
              onSuccess: () => {
                setError(undefined);
                toast('Saved the flow limits', 'success');
              },
              onError: (failure) => setError(errorMessage(failure)),
            },
          );
        }}
      >
        <SelectField
          label="Flow"
          value={flowId}
          placeholder="Choose a flow"
          options={flows.map((flow) => ({ value: flow.id, label: flow.version.displayName }))}
          onValueChange={(value) => {
            setFlowId(value);
            setError(undefined);
          }}
        />
        {flowId === '' ? null : (
          <>
            <LimitInputs
              values={texts}
              onChange={setTexts}
              disabled={save.isPending || limits.isPending}
              placeholders={defaults === undefined ? {} : textsOf(defaults)}
            />
            <p className="field-hint">Leave a limit blank to keep the platform&rsquo;s.</p>
            {error === undefined ? null : (
              <p className="field-error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="btn" disabled={save.isPending}>
              Save flow limits
            </button>
          </>
        )}
      </form>
    </section>
  );
}
