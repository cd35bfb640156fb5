/**
 * Testing the trigger. Webhook triggers (SIMULATION) show the flow's test URL with a copy button;
 * "Test trigger" then waits until a request reaches that URL and shows it as the sample data.
 * Other triggers (TEST_FUNCTION) call their test hook: the items found are listed and one is
 * picked as the sample data (the server keeps the first; picking another saves it with
 * SAVE_SAMPLE_DATA). Later steps' data selectors offer the sample.
 */
import type { PieceTrigger, PopulatedFlow, TriggerEventWithPayload } from '@piecework/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useApi } from '../../../../api/session-context';
import { usePiece } from '../../../../api/use-pieces';
import { JsonView } from '../../../../components/json-view';
import { ErrorNotice } from '../../../../components/query-state';
import { useToast } from '../../../../components/toast';
import { flowKey, type FlowEditor } from '../../flow-editor/use-flow-editor';
import { sampleFileId, useSampleData } from '../data-selector/use-sample-data';
import { triggerTestStrategy, webhookTestUrl } from './trigger-test-strategy';
import { pollUntil, WaitStopped } from './wait-for';
import { TriggerItems } from './trigger-items';

/** Props of {@link TestTriggerSection}. */
export interface TestTriggerSectionProps {
  projectId: string;
  editor: FlowEditor;
  flow: PopulatedFlow;
  trigger: PieceTrigger;
  ready: boolean;
  flush: () => Promise<void>;
}

/** How long "Test trigger" waits for a request to the test URL. */
const SIMULATION_WAIT_MS = 5 * 60_000;

/** The trigger's test controls and its sample data. */
export function TestTriggerSection({
  projectId,
  editor,
  flow,
  trigger,
  ready,
  flush,
}: TestTriggerSectionProps) {
  const client = useApi();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const piece = usePiece(projectId, trigger.settings.pieceName, trigger.settings.pieceVersion);
  const name = trigger.settings.triggerName;
  const metadata = name === undefined ? undefined : piece.data?.triggers[name];
  const strategy = metadata === undefined ? undefined : triggerTestStrategy(metadata);
  const sample = useSampleData(projectId, flow, trigger);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const testUrl = webhookTestUrl(window.location.origin, flow.id);

  const test = useMutation({
    mutationFn: async (): Promise<TriggerEventWithPayload[] | null> => {
      if (strategy === undefined) return null;
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      await flush();
      const latest = queryClient.getQueryData<PopulatedFlow>(flowKey(flow.id)) ?? flow;
      const before = sampleFileId(latest.version.trigger);
      const answer = await client.triggers.test({
        projectId,
        flowId: flow.id,
        flowVersionId: latest.version.id,
        testStrategy: strategy,
      });
      if (strategy === 'SIMULATION') {
        await pollUntil(
          async () => {
            const now = await client.flows.get(flow.id);
            return sampleFileId(now.version.trigger) !== before ? now : undefined;
          },
          controller.signal,
          SIMULATION_WAIT_MS,
        );
      }
      // The test saved sample data, which moved the draft: read it again.
      await editor.reload();
      return strategy === 'TEST_FUNCTION' ? answer.data : null;
    },
  });
  const items = test.data ?? null;
  const pick = useMutation({
    mutationFn: (item: TriggerEventWithPayload) =>
      editor.apply({
        type: 'SAVE_SAMPLE_DATA',
        request: { stepName: trigger.name, payload: item.payload, type: 'OUTPUT' },
      }),
    onSuccess: () => toast('Sample data saved'),
  });

  if (strategy === undefined) return null;
  const waiting = test.isPending && strategy === 'SIMULATION';
  return (
    <section className="test-section" aria-label="Test the trigger">
      {strategy === 'SIMULATION' ? (
        <div className="prop-field">
          <label htmlFor={`${trigger.name}-test-url`}>Test URL</label>
          <div className="dynamic-dropdown-row">
            <input id={`${trigger.name}-test-url`} readOnly value={testUrl} className="mono" />
            <button
              type="button"
              className="btn small"
              onClick={() =>
                void navigator.clipboard?.writeText(testUrl).then(() => toast('Test URL copied'))
              }
            >
              Copy
            </button>
          </div>
          <div className="field-hint">
            Send a request to this URL: it becomes the trigger&apos;s sample data, and starts no run.
          </div>
        </div>
      ) : null}
      <div className="test-row">
        <button
          type="button"
          className="btn"
          disabled={!ready || test.isPending}
          onClick={() => test.mutate()}
        >
          {test.isPending ? 'Testing…' : 'Test trigger'}
        </button>
        {waiting ? (
          <button type="button" className="btn small" onClick={() => abort.current?.abort()}>
            Stop waiting
          </button>
        ) : null}
      </div>
      <div role="status" aria-live="polite" className={waiting ? 'notice info' : 'visually-hidden'}>
        {waiting ? 'Waiting for a request to the test URL…' : test.isSuccess ? 'Trigger tested' : ''}
      </div>
      {test.isError && !(test.error instanceof WaitStopped && test.error.message === 'Stopped waiting.') ? (
        <ErrorNotice error={test.error} />
      ) : null}
      {items !== null ? (
        <TriggerItems
          items={items}
          busy={pick.isPending}
          onPick={(item) => pick.mutate(item)}
          current={sample.data}
          pickedId={pick.isIdle || pick.isError ? undefined : pick.variables?.id}
        />
      ) : null}
      {sample.data === undefined ? null : (
        <div className="test-output">
          <h4>Sample data</h4>
          <JsonView value={sample.data} label={`Sample data of ${trigger.name}`} />
        </div>
      )}
    </section>
  );
}
