/**
 * "Test step": saves what is pending, starts a test run of this step alone
 * (`POST /v1/sample-data/test-step`; earlier steps' sample data stand in for their outputs), waits
 * for it to end and shows the step's output or error. The server keeps the output as the step's
 * sample data, so the data selector of later steps offers it; before any test in this session,
 * the stored sample data is shown.
 */
import type { FlowRun, PopulatedFlow, StepOutput } from '@piecework/shared';
import { forEachRecord } from '@piecework/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useApi } from '../../../../api/session-context';
import { JsonView } from '../../../../components/json-view';
import { ErrorNotice } from '../../../../components/query-state';
import { flowKey, type FlowEditor } from '../../flow-editor/use-flow-editor';
import { useSampleData } from '../data-selector/use-sample-data';
import type { AnyStep } from '../step-scope';
import { waitForRun } from './wait-for';

/** Props of {@link TestStepSection}. */
export interface TestStepSectionProps {
  projectId: string;
  editor: FlowEditor;
  flow: PopulatedFlow;
  step: AnyStep;
  /** Whether the draft is complete enough to run. */
  ready: boolean;
  /** Saves the pending draft. */
  flush: () => Promise<void>;
}

function recordOf(run: FlowRun, stepName: string): StepOutput | undefined {
  let found: StepOutput | undefined;
  forEachRecord(run.steps ?? {}, (name, record) => {
    if (name === stepName) found = record;
  });
  return found;
}

/** The test button and the step's latest output. */
export function TestStepSection({ projectId, editor, flow, step, ready, flush }: TestStepSectionProps) {
  const client = useApi();
  const queryClient = useQueryClient();
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const sample = useSampleData(projectId, flow, step);
  const test = useMutation({
    mutationFn: async () => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      await flush();
      const version = queryClient.getQueryData<PopulatedFlow>(flowKey(flow.id))?.version ?? flow.version;
      const started = await client.sampleData.testStep({
        projectId,
        flowVersionId: version.id,
        stepName: step.name,
      });
      const run = await waitForRun(client, started.id, controller.signal);
      // The test saved the output as sample data, which moved the draft: read it again.
      await editor.reload();
      return run;
    },
  });
  const record = test.data === undefined ? undefined : recordOf(test.data, step.name);
  return (
    <section className="test-section" aria-label="Test this step">
      <div className="test-row">
        <button
          type="button"
          className="btn"
          disabled={!ready || test.isPending}
          onClick={() => test.mutate()}
        >
          {test.isPending ? 'Testing…' : 'Test step'}
        </button>
        {!ready ? <span className="field-hint">Fill in the required fields to test the step.</span> : null}
      </div>
      <div role="status" aria-live="polite" className="visually-hidden">
        {test.isPending ? 'Testing the step' : test.isSuccess ? `Test finished: ${test.data.status}` : ''}
      </div>
      {test.isError ? <ErrorNotice error={test.error} /> : null}
      {test.data === undefined ? (
        sample.data === undefined ? null : (
          <div className="test-output">
            <h4>Sample output</h4>
            <JsonView value={sample.data} label={`Sample output of ${step.name}`} />
          </div>
        )
      ) : record?.status === 'FAILED' || record === undefined ? (
        <div className="notice error" role="alert">
          <span>
            The step failed:{' '}
            {record?.errorMessage ?? test.data.failedStep?.message ?? `the run ended ${test.data.status}`}
          </span>
        </div>
      ) : (
        <div className="test-output">
          <h4>
            Output <span className="badge success">{record.status}</span>
          </h4>
          <JsonView value={record.output} label={`Output of ${step.name}`} />
        </div>
      )}
    </section>
  );
}
