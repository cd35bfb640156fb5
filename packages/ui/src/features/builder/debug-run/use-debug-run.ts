/**
 * Opening a run in the builder (`?debugRun=<runId>`, the run page's "Open in builder"): once, the
 * builder reads the run, saves the output it recorded for the trigger and each step as the
 * draft's sample data (`run-sample-operations.ts`), selects the failed step, marks it failed on
 * the canvas and removes `debugRun` from the URL. Answers what the notice says about it.
 */
import type { FlowRun, FlowVersion, PopulatedFlow } from '@piecework/shared';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/error-message';
import { useApi } from '../../../api/session-context';
import type { FlowEditor } from '../flow-editor/use-flow-editor';
import type { StepRunMarks } from '../run-marks/step-run-marks';
import { runSampleOperations } from './run-sample-operations';

/** The search parameter naming the run whose data the builder loads. */
export const DEBUG_RUN_PARAM = 'debugRun';

/** The state of loading a run's data into the builder, for its notice. */
export type DebugRunState =
  | { readonly kind: 'loading'; readonly runId: string }
  | {
      readonly kind: 'loaded';
      readonly run: FlowRun;
      /** How many steps (the trigger counted) got the run's output as sample data. */
      readonly loaded: number;
      /** Steps of the run the draft does not have. */
      readonly skipped: readonly string[];
    }
  | { readonly kind: 'failed'; readonly runId: string; readonly message: string };

/** Loads the run named in the URL into `flow`'s draft; answers the state (null: no such run asked). */
export function useDebugRun(
  editor: FlowEditor,
  flow: PopulatedFlow,
  marks: StepRunMarks,
): [DebugRunState | null, () => void] {
  const client = useApi();
  const [params, setParams] = useSearchParams();
  const asked = params.get(DEBUG_RUN_PARAM);
  const [state, setState] = useState<DebugRunState | null>(null);
  const started = useRef<string | null>(null);
  const latest = useRef({ editor, flow, marks, setParams });
  useEffect(() => {
    latest.current = { editor, flow, marks, setParams };
  });
  useEffect(() => {
    if (asked === null || started.current === asked) return;
    started.current = asked;
    setState({ kind: 'loading', runId: asked });
    void (async () => {
      const { editor, flow } = latest.current;
      try {
        const run = await client.flowRuns.get(asked);
        if (run.flowId !== flow.id) throw new Error('This run is of another flow.');
        const { operations, skipped } = runSampleOperations(run, flow.version);
        let version: FlowVersion = flow.version;
        for (const operation of operations) version = (await editor.apply(operation)).version;
        const name = run.failedStep?.name;
        const failed = name !== undefined && !skipped.includes(name) ? name : undefined;
        if (failed !== undefined) latest.current.marks.show({ [failed]: 'failed' }, version);
        latest.current.setParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            next.delete(DEBUG_RUN_PARAM);
            if (failed !== undefined) next.set('step', failed);
            return next;
          },
          { replace: true },
        );
        setState({ kind: 'loaded', run, loaded: operations.length, skipped });
      } catch (error) {
        setState({ kind: 'failed', runId: asked, message: errorMessage(error) });
      }
    })();
  }, [asked, client]);
  return [state, () => setState(null)];
}
