/**
 * The flow builder (`/projects/:projectId/flows/:flowId`, the whole window): the header, the
 * canvas of the flow and, on the right, the selected step's panel, the versions or the tests
 * (`?panel=`). Every edit is one flow operation through the flow editor; a past version opens
 * read-only. The cards show the steps' statuses in a "Test flow" run as it goes, or the failed
 * step of a run opened with `?debugRun=` (whose recorded outputs become the draft's sample data).
 */
import { findStep, type FlowRun, type PopulatedFlow } from '@piecework/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useProjectId } from '../../api/use-projects';
import { useEmbedOptions } from '../../embed/embed-context';
import { showsBuilderLinksOut } from '../../embed/embed-options';
import { usePieces } from '../../api/use-pieces';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Loading } from '../../components/loading';
import { ErrorNotice } from '../../components/query-state';
import { useBuilderCommands } from '../command-palette/builder-commands';
import { CommandPalette } from '../command-palette/command-palette';
import { useTestFlow } from './header/use-test-flow';
import '../../styles/builder.css';
import { FlowCanvas } from './canvas/flow-canvas';
import { CutStepsDialog } from './clipboard/cut-steps-dialog';
import { DebugRunNotice } from './debug-run/debug-run-notice';
import { useDebugRun } from './debug-run/use-debug-run';
import { useClipboardShortcuts } from './clipboard/use-clipboard-shortcuts';
import { useStepClipboard } from './clipboard/use-step-clipboard';
import { useFlowEditor, type FlowEditor } from './flow-editor/use-flow-editor';
import { useHistoryShortcuts } from './history/use-history-shortcuts';
import { BuilderHeader } from './header/builder-header';
import { BuilderNotices } from './page/builder-notices';
import { MoveStepDialog } from './page/move-step-dialog';
import { readonlyEditor } from './page/readonly-editor';
import { StepPanel } from './page/step-panel';
import { deleteStepNow, useBuilderActions } from './page/use-builder-actions';
import { useRunOperation } from './page/use-run-operation';
import { useDeleteShortcut } from './page/use-delete-shortcut';
import { useSelectedStep } from './page/use-selected-step';
import { useBuilderSidePanel } from './page/use-builder-side-panel';
import { operationForPick, type PickerTarget } from './piece-picker/picked-step';
import { PiecePicker } from './piece-picker/piece-picker';
import { createStepRunMarks } from './run-marks/step-run-marks';
import { useTestRunMarks } from './run-marks/use-test-run-marks';
import { StepRunMarksProvider } from './run-marks/use-step-run-status';
import { moveActionTo } from './structure/insertion';
import { useFlowAtVersion } from './versions/use-flow-versions';
import { VersionsPanel } from './versions/versions-panel';
import { TestsPanel } from '../flow-tests/tests-panel';

const noMarks: ReadonlySet<string> = new Set();
const noRunMarks = createStepRunMarks();

/** The builder page. */
export function Page() {
  const projectId = useProjectId();
  const { flowId = '' } = useParams();
  const editor = useFlowEditor(flowId);
  const linksOut = showsBuilderLinksOut(useEmbedOptions());
  if (editor.flow !== undefined) return <Builder editor={editor} flow={editor.flow} projectId={projectId} />;
  if (editor.loadError === null) return <Loading label="Loading the flow" />;
  return (
    <div className="page narrow">
      <ErrorNotice error={editor.loadError} onRetry={() => void editor.reload()} />
      {linksOut ? <Link to={`/projects/${projectId}/flows`}>Back to the flows</Link> : null}
    </div>
  );
}

function Builder({
  editor,
  flow,
  projectId,
}: {
  editor: FlowEditor;
  flow: PopulatedFlow;
  projectId: string;
}) {
  const [selected, select] = useSelectedStep();
  const [viewingId, setViewingId] = useState<string | null>(null);
  const viewed = useFlowAtVersion(flow.id, viewingId);
  const readonly = viewingId !== null;
  const shown = readonly ? viewed.data : flow;
  const [sidePanel, showSidePanel] = useBuilderSidePanel();
  const [picker, setPicker] = useState<PickerTarget | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [testRun, setTestRun] = useState<FlowRun | null>(null);
  const pieces = usePieces(projectId);
  const queryClient = useQueryClient();
  const run = useRunOperation(editor, flow.id);
  const { reload } = editor;
  const panelEditor = useMemo(
    () => (readonly && viewed.data !== undefined ? readonlyEditor(viewed.data, reload) : editor),
    [readonly, viewed.data, reload, editor],
  );
  const clipboard = useStepClipboard({
    flow,
    readonly,
    run,
    startGroup: editor.startGroup,
    selected,
    select,
  });
  useClipboardShortcuts(clipboard, !readonly);
  useHistoryShortcuts(editor, !readonly);
  const actions = useBuilderActions({
    flow,
    readonly,
    clipboard,
    run,
    select,
    selected,
    openPicker: setPicker,
    openMove: setMoving,
    confirmDelete: setDeleting,
  });
  const [marks] = useState(createStepRunMarks);
  const followTestRun = useTestRunMarks(marks, flow.version);
  const [debugRun, dismissDebugRun] = useDebugRun(editor, flow, marks);
  const testStarted = useCallback(
    (started: FlowRun) => {
      setTestRun(started);
      followTestRun(started);
    },
    [followTestRun],
  );
  const testFlow = useTestFlow(flow, projectId, testStarted);
  useBuilderCommands({
    version: (shown ?? flow).version,
    readonly,
    selected,
    select: actions.select,
    openPicker: setPicker,
    testFlow: testFlow.start,
    history: editor,
    clipboard,
    askDelete: setDeleting,
  });
  useDeleteShortcut({ selected, triggerName: flow.version.trigger.name, askDelete: setDeleting }, !readonly);
  const restoreVersion = async (versionId: string) => {
    if (
      (await run({ type: 'USE_AS_DRAFT', request: { versionId } }, 'The version is now the draft')) !==
      undefined
    ) {
      setViewingId(null);
    }
  };
  return (
    <div className="builder">
      <BuilderHeader
        flow={shown ?? flow}
        projectId={projectId}
        saving={editor.saving}
        readonly={readonly}
        sidePanel={sidePanel}
        onToggleSidePanel={(panel) => showSidePanel(sidePanel === panel ? null : panel)}
        onTestStarted={testStarted}
        run={(operation, done) => void run(operation, done)}
        history={editor}
      />
      <BuilderNotices
        projectId={projectId}
        conflict={editor.conflict}
        testRun={testRun}
        onDismissTestRun={() => setTestRun(null)}
        viewed={readonly ? viewed.data : undefined}
        busy={editor.saving}
        onUseAsDraft={(versionId) => void restoreVersion(versionId)}
        onBackToDraft={() => setViewingId(null)}
      />
      {debugRun === null ? null : <DebugRunNotice state={debugRun} onDismiss={dismissDebugRun} />}
      <div className="builder-body">
        <main className="builder-canvas" aria-label="Flow">
          {shown === undefined ? (
            viewed.isError ? (
              <ErrorNotice error={viewed.error} onRetry={() => void viewed.refetch()} />
            ) : (
              <Loading label="Loading the version" />
            )
          ) : (
            <StepRunMarksProvider value={readonly ? noRunMarks : marks}>
              <FlowCanvas
                key={shown.version.id === flow.version.id ? 'draft' : shown.version.id}
                version={shown.version}
                pieces={pieces.data}
                selected={selected}
                marked={readonly ? noMarks : clipboard.marked}
                actions={actions}
              />
            </StepRunMarksProvider>
          )}
        </main>
        {sidePanel === 'versions' ? (
          <div className="builder-panel">
            <VersionsPanel
              flow={flow}
              viewing={viewingId}
              busy={editor.saving}
              onView={setViewingId}
              onUseAsDraft={(versionId) => void restoreVersion(versionId)}
              onClose={() => showSidePanel(null)}
            />
          </div>
        ) : sidePanel === 'tests' ? (
          <div className="builder-panel">
            <TestsPanel
              flow={flow}
              projectId={projectId}
              saving={editor.saving}
              onClose={() => showSidePanel(null)}
            />
          </div>
        ) : selected !== null && shown !== undefined && findStep(shown.version, selected) !== undefined ? (
          <div className="builder-panel">
            <StepPanel
              editor={panelEditor}
              flow={shown}
              projectId={projectId}
              stepName={selected}
              readonly={readonly}
              run={run}
              onClose={() => select(null)}
            />
          </div>
        ) : null}
      </div>
      {picker === null ? null : (
        <PiecePicker
          projectId={projectId}
          mode={picker.kind}
          busy={editor.saving}
          onClose={() => setPicker(null)}
          onPick={(picked) => {
            const { operation, stepName } = operationForPick(flow.version, picker, picked);
            const installs =
              picked.kind !== 'core' &&
              pieces.data?.find((piece) => piece.name === picked.piece.name)?.installState ===
                'INSTALL_ON_USE';
            void run(operation).then((next) => {
              if (next === undefined) return;
              setPicker(null);
              select(stepName);
              // The server installed the piece to add the step: the catalogue says so now.
              if (installs) void queryClient.invalidateQueries({ queryKey: ['pieces'] });
            });
          }}
        />
      )}
      {moving === null ? null : (
        <MoveStepDialog
          trigger={flow.version.trigger}
          stepName={moving}
          busy={editor.saving}
          onClose={() => setMoving(null)}
          onMove={(insertion) => {
            void run(moveActionTo(moving, insertion)).then((next) => next !== undefined && setMoving(null));
          }}
        />
      )}
      <CutStepsDialog clipboard={clipboard} busy={editor.saving} />
      <CommandPalette projectId={projectId} />
      {deleting === null ? null : (
        <ConfirmDialog
          title={`Delete ${deleting}?`}
          message="The steps inside it are deleted with it."
          confirmLabel="Delete"
          busy={editor.saving}
          onClose={() => setDeleting(null)}
          onConfirm={() => {
            void deleteStepNow({ run, select, selected }, deleting).then(() => setDeleting(null));
          }}
        />
      )}
    </div>
  );
}
