/**
 * Test host of the step settings panel, until the builder page lands: the flow's name and, for
 * the step named in `?step=`, the settings panel on the right (as the real builder shows it).
 */
import { useParams, useSearchParams } from 'react-router';
import { useProjectId } from '../../api/use-projects';
import { useFlowEditor } from './flow-editor/use-flow-editor';
import { StepSettingsPanel } from './step-settings/step-settings-panel';

/** The page of this route. */
export function Page() {
  const projectId = useProjectId();
  const { flowId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const editor = useFlowEditor(flowId);
  const stepName = params.get('step');
  return (
    <div style={{ display: 'flex', height: '100vh' }}>
      <main style={{ flex: 1, padding: 16, minWidth: 0 }}>
        <h1>{editor.flow?.version.displayName ?? 'Flow'}</h1>
        {editor.conflict === null ? null : (
          <p className="notice warning" role="alert">
            {editor.conflict}
          </p>
        )}
      </main>
      {stepName === null ? null : (
        <div style={{ width: 'min(440px, 100vw)', height: '100vh' }}>
          <StepSettingsPanel
            editor={editor}
            projectId={projectId}
            stepName={stepName}
            readonly={false}
            onClose={() => setParams({})}
          />
        </div>
      )}
    </div>
  );
}
