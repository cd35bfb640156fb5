/**
 * The settings of an agent step (a `run_agent` action, see `agent-input.ts`), instead of the
 * generic property form: the prompt (accepts `{{ }}` references), the model, the tools, the most
 * turns it may take and its structured output; then error handling. Every change goes through the
 * step draft like any other setting, with `valid` recomputed (a prompt, a model, named fields).
 */
import { AGENT_MAX_TURNS, type ErrorHandlingOptions, type PopulatedFlow } from '@piecework/shared';
import { useId } from 'react';
import { ErrorHandlingSwitches } from '../error-handling-options';
import { ExpressionInput } from '../properties/expression-input';
import type { EditableStep } from '../step-request';
import type { StepDraft } from '../use-step-draft';
import type { PieceDraft } from '../piece/piece-step-settings';
import { agentInputValid, readAgentInput, writeAgentInput, type AgentInput } from './agent-input';
import { AgentToolsEditor } from './agent-tools-editor';
import { ModelPicker } from './model-picker';
import { StructuredOutputEditor } from './structured-output-editor';
import './agent-step-settings.css';

/** Props of {@link AgentStepSettings}. */
export interface AgentStepSettingsProps {
  draft: PieceDraft;
  change: StepDraft['change'];
  projectId: string;
  flow: PopulatedFlow;
  readonly: boolean;
}

interface AgentSettings {
  readonly input: Record<string, unknown>;
  readonly errorHandlingOptions?: ErrorHandlingOptions;
}

/** The agent step's form. */
export function AgentStepSettings({ draft, change, projectId, readonly }: AgentStepSettingsProps) {
  const promptId = useId();
  const settings = draft.settings as AgentSettings;
  const agent = readAgentInput(settings.input);
  const update = (edit: (current: AgentInput) => AgentInput) =>
    change((step) => {
      if (step.type !== 'PIECE') return step;
      const current = step.settings as unknown as AgentSettings;
      const next = edit(readAgentInput(current.input));
      return {
        ...step,
        settings: { ...step.settings, input: writeAgentInput(current.input, next) },
        valid: agentInputValid(next),
      } as EditableStep;
    });
  return (
    <fieldset className="plain agent-settings" disabled={readonly}>
      <div className="field">
        <label htmlFor={promptId}>
          Prompt<span aria-hidden="true"> *</span>
        </label>
        <ExpressionInput
          id={promptId}
          label="Prompt"
          rows={6}
          required
          value={agent.prompt}
          aria-invalid={agent.prompt.trim() === ''}
          onChange={(prompt) => update((current) => ({ ...current, prompt }))}
        />
        <div className="field-hint">
          What the agent should do. Insert data from earlier steps with the data selector.
        </div>
      </div>
      <ModelPicker
        value={agent.model}
        disabled={readonly}
        onChange={(model) => update((current) => ({ ...current, model }))}
      />
      <AgentToolsEditor
        projectId={projectId}
        tools={agent.tools}
        disabled={readonly}
        onChange={(tools) => update((current) => ({ ...current, tools }))}
      />
      <div className="field">
        <label htmlFor={`${promptId}-max`}>Max steps</label>
        <input
          id={`${promptId}-max`}
          type="number"
          min={1}
          max={AGENT_MAX_TURNS}
          aria-describedby={`${promptId}-max-hint`}
          value={agent.maxSteps}
          onChange={(event) =>
            update((current) => ({
              ...current,
              maxSteps: event.target.value === '' ? '' : Number(event.target.value),
            }))
          }
        />
        <div id={`${promptId}-max-hint`} className="field-hint">
          The most turns (model calls) the agent takes; at most {AGENT_MAX_TURNS} turns run.
        </div>
      </div>
      <StructuredOutputEditor
        fields={agent.structuredOutput}
        disabled={readonly}
        onChange={(structuredOutput) => update((current) => ({ ...current, structuredOutput }))}
      />
      <ErrorHandlingSwitches
        value={settings.errorHandlingOptions}
        defaults={undefined}
        onChange={(errorHandlingOptions) =>
          change((step) =>
            step.type === 'PIECE'
              ? ({ ...step, settings: { ...step.settings, errorHandlingOptions } } as EditableStep)
              : step,
          )
        }
      />
    </fieldset>
  );
}
