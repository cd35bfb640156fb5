/**
 * The builder's Tests tab, beside the canvas: the flow's test cases, "Run all" against the draft
 * (or "Run" for one), each case's result with the failures' diffs and where each step's result
 * came from, and renaming, editing the expectations of and deleting a case. A test run starts
 * the draft on the case's trigger output and answers piece steps from their recordings, so
 * nothing calls a service; the results stay until the next run (marked when the draft changed).
 */
import type { FlowTestCase, PopulatedFlow } from '@piecework/shared';
import { X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useProjectPermissions } from '../../api/use-project-permissions';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { QueryState } from '../../components/query-state';
import { useToast } from '../../components/toast';
import { useEmbedOptions } from '../../embed/embed-context';
import { showsBuilderLinksOut } from '../../embed/embed-options';
import { NameDialog } from '../flows/name-dialog';
import { ExpectationsDialog } from './expectations-dialog';
import { TestCaseItem } from './test-case-item';
import { useDeleteTestCase, useRunTestCases, useTestCases, useUpdateTestCase } from './use-flow-tests';
import { useTestResults } from './use-test-results';
import './flow-tests.css';

/** Props of {@link TestsPanel}. */
export interface TestsPanelProps {
  /** The flow with its draft, which the tests run against. */
  flow: PopulatedFlow;
  projectId: string;
  /** The draft is being saved: a run now would test the draft before the edit. */
  saving: boolean;
  onClose: () => void;
}

/** A dialog open on a test case. */
interface Editing {
  kind: 'rename' | 'expectations' | 'delete';
  testCase: FlowTestCase;
}

/** The Tests tab. */
export function TestsPanel({ flow, projectId, saving, onClose }: TestsPanelProps) {
  const cases = useTestCases(flow.id);
  const run = useRunTestCases(flow.id);
  const update = useUpdateTestCase(flow.id);
  const remove = useDeleteTestCase(flow.id);
  const results = useTestResults(flow.version.updated);
  // What is running: 'all', or the id of the one test case run alone.
  const [running, setRunning] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [summary, setSummary] = useState('');
  const { toastError } = useToast();
  const mayEdit = useProjectPermissions(projectId).can('WRITE_FLOW');
  const linksOut = showsBuilderLinksOut(useEmbedOptions());
  const start = (testCaseIds?: string[]) => {
    const ranOn = flow.version.updated;
    setRunning(testCaseIds?.[0] ?? 'all');
    setSummary('Running…');
    run.mutate(testCaseIds, {
      onSuccess: (response) => {
        results.keep(response, ranOn, testCaseIds === undefined);
        setSummary(`${String(response.passed)} passed, ${String(response.failed)} failed`);
      },
      onError: (error) => {
        setSummary('');
        toastError(error);
      },
      onSettled: () => setRunning(null),
    });
  };
  return (
    <aside className="side-panel" aria-label="Tests">
      <div className="side-panel-head">
        <h2>Tests</h2>
        <button type="button" className="icon-btn" aria-label="Close tests" onClick={onClose}>
          <X aria-hidden="true" className="icon" />
        </button>
      </div>
      <div className="side-panel-body">
        <p className="muted">
          Each test case runs the draft on a saved trigger output, with piece steps answered from the run they
          were saved from: nothing calls a service.
        </p>
        <QueryState query={cases} label="Loading test cases">
          {(list) =>
            list.length === 0 ? (
              <p className="empty tests-empty">
                No test cases yet. Open a run of this flow and choose “Save as test case”.{' '}
                {linksOut ? (
                  <Link to={`/projects/${projectId}/runs?flowId=${flow.id}`}>Runs of this flow</Link>
                ) : null}
              </p>
            ) : (
              <>
                <div className="tests-toolbar">
                  <button
                    type="button"
                    className="btn primary small"
                    disabled={running !== null || saving}
                    onClick={() => start()}
                  >
                    {running === 'all' ? 'Running…' : 'Run all'}
                  </button>
                  <span className="muted" role="status">
                    {summary}
                  </span>
                </div>
                <ol className="test-cases">
                  {list.map((testCase) => (
                    <TestCaseItem
                      key={testCase.id}
                      testCase={testCase}
                      shown={results.shown(testCase.id)}
                      runHref={
                        linksOut && testCase.sourceRunId !== null
                          ? `/projects/${projectId}/runs/${testCase.sourceRunId}`
                          : undefined
                      }
                      running={running === 'all' || running === testCase.id}
                      busy={running !== null || saving}
                      mayEdit={mayEdit}
                      onRun={() => start([testCase.id])}
                      onRename={() => setEditing({ kind: 'rename', testCase })}
                      onEditExpectations={() => setEditing({ kind: 'expectations', testCase })}
                      onDelete={() => setEditing({ kind: 'delete', testCase })}
                    />
                  ))}
                </ol>
              </>
            )
          }
        </QueryState>
      </div>
      {editing?.kind === 'rename' ? (
        <NameDialog
          title="Rename test case"
          label="Test case name"
          initial={editing.testCase.displayName}
          submitLabel="Rename"
          onSubmit={(displayName) => update.mutateAsync({ id: editing.testCase.id, change: { displayName } })}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.kind === 'expectations' ? (
        <ExpectationsDialog
          testCase={editing.testCase}
          onSaved={() => results.forget(editing.testCase.id)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.kind === 'delete' ? (
        <ConfirmDialog
          title={`Delete ${editing.testCase.displayName}?`}
          message="The test case and its recordings are deleted."
          confirmLabel="Delete"
          busy={remove.isPending}
          onClose={() => setEditing(null)}
          onConfirm={() =>
            remove.mutate(editing.testCase.id, {
              onSuccess: () => {
                results.forget(editing.testCase.id);
                setEditing(null);
              },
              onError: toastError,
            })
          }
        />
      ) : null}
    </aside>
  );
}
