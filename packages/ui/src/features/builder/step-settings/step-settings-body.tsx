/**
 * The panel of one step once the flow is loaded: the draft (see `use-step-draft.ts`), the header,
 * the form of the step's type, validation, testing and the data selector.
 */
import type { PopulatedFlow } from '@piecework/shared';
import { isAgentStep } from './agent/agent-input';
import { AgentStepSettings } from './agent/agent-step-settings';
import { CodeStepSettings } from './code/code-step-settings';
import { DataSelectorProvider } from './data-selector/data-selector-context';
import { DataSelector } from './data-selector/data-selector';
import { ReferenceSourcesProvider } from './data-selector/reference-sources';
import { LoopStepSettings } from './loop-step-settings';
import { PieceStepSettings } from './piece/piece-step-settings';
import { StepIssues } from './step-issues';
import { StepPanelHeader } from './step-panel-header';
import { validOnItsOwn } from './step-request';
import type { StepScope } from './step-scope';
import { TestStepSection } from './testing/test-step-section';
import { TestTriggerSection } from './testing/test-trigger-section';
import type { FlowEditor } from '../flow-editor/use-flow-editor';
import { useStepDraft } from './use-step-draft';

/** Props of {@link StepSettingsBody}. */
export interface StepSettingsBodyProps {
  editor: FlowEditor;
  flow: PopulatedFlow;
  scope: StepScope;
  projectId: string;
  readonly: boolean;
  onClose: () => void;
}

/** The header, form, issues, test section and data selector of one step. */
export function StepSettingsBody({
  editor,
  flow,
  scope,
  projectId,
  readonly,
  onClose,
}: StepSettingsBodyProps) {
  const { step } = scope;
  const { draft, status, change, flush } = useStepDraft(
    editor,
    step,
    validOnItsOwn(step, flow.version),
    readonly,
  );
  const form = (() => {
    switch (draft.type) {
      case 'PIECE':
      case 'PIECE_TRIGGER':
        // An agent step has its own form (prompt, model, tools...), not the generic one.
        if (draft.type === 'PIECE' && isAgentStep(draft.settings)) {
          return (
            <AgentStepSettings
              draft={draft}
              change={change}
              projectId={projectId}
              flow={flow}
              readonly={readonly}
            />
          );
        }
        return (
          <PieceStepSettings
            draft={draft}
            change={change}
            projectId={projectId}
            flow={flow}
            readonly={readonly}
          />
        );
      case 'CODE':
        return <CodeStepSettings draft={draft} change={change} readonly={readonly} />;
      case 'LOOP_ON_ITEMS':
        return <LoopStepSettings draft={draft} change={change} readonly={readonly} />;
      case 'ROUTER':
        return (
          <p className="notice info">
            Edit this router&apos;s branches and their conditions in the router panel.
          </p>
        );
      case 'EMPTY':
        return <p className="notice info">Choose the trigger that starts this flow from the canvas.</p>;
    }
  })();
  const testing =
    readonly || draft.type === 'ROUTER' || draft.type === 'EMPTY' ? null : step.type === 'PIECE_TRIGGER' ? (
      <TestTriggerSection
        projectId={projectId}
        editor={editor}
        flow={flow}
        trigger={step}
        ready={draft.valid}
        flush={flush}
      />
    ) : step.type === 'EMPTY' ? null : (
      <TestStepSection
        projectId={projectId}
        editor={editor}
        flow={flow}
        step={step}
        ready={draft.valid}
        flush={flush}
      />
    );
  return (
    <DataSelectorProvider>
      <ReferenceSourcesProvider projectId={projectId} flow={flow} scope={scope}>
        <aside className="step-settings" aria-label={`Settings of ${draft.displayName}`}>
          <StepPanelHeader
            projectId={projectId}
            draft={draft}
            status={status}
            readonly={readonly}
            onRename={(displayName) => change((current) => ({ ...current, displayName }))}
            onRetry={() => void flush().catch(() => undefined)}
            onClose={onClose}
          />
          <div className="step-settings-body">
            <StepIssues flow={flow} stepName={step.name} />
            {form}
            {testing}
          </div>
          <DataSelector projectId={projectId} flow={flow} scope={scope} />
        </aside>
      </ReferenceSourcesProvider>
    </DataSelectorProvider>
  );
}
