/**
 * "Send test event" of an event destination: POSTs a signed test event to it now, through the
 * server's outbound address filter like every delivery, and shows what it answered (its status
 * code and how long it took, or the network error). An address the filter blocks is the server's
 * SSRF_BLOCKED error, shown as it is. Test events are not written to the delivery log.
 */
import type { EventDestinationTestResult } from '@piecework/shared';
import { ErrorNotice } from '../../components/query-state';
import { useTestEventDestination } from './use-event-destinations';

/** The button and the outcome of the last test send. */
export function TestSend({ destinationId }: { destinationId: string }) {
  const test = useTestEventDestination(destinationId);
  return (
    <div className="test-send">
      <button type="button" className="btn" disabled={test.isPending} onClick={() => test.mutate()}>
        {test.isPending ? 'Sending…' : 'Send test event'}
      </button>
      <div aria-live="polite">
        {test.isSuccess ? <TestOutcome result={test.data} /> : null}
        {test.isError ? <ErrorNotice error={test.error} /> : null}
      </div>
    </div>
  );
}

/** What the destination answered the test event. */
function TestOutcome({ result }: { result: EventDestinationTestResult }) {
  const answer =
    result.statusCode === null ? (result.error ?? 'no answer') : `HTTP ${String(result.statusCode)}`;
  return (
    <div className={result.delivered ? 'notice info' : 'notice error'} role="status">
      {result.delivered ? 'Delivered' : 'Not delivered'}: {answer}, in {result.durationMs} ms.
    </div>
  );
}
