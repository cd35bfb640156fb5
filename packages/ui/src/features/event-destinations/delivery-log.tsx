/**
 * An event destination's delivery log: every attempt to deliver an event, newest first, with the
 * event's kind, the attempt number, its status, the destination's status code or the error, and
 * how long it took; filtered by status and paged. "Refresh" reloads it (deliveries are sent in
 * the background).
 */
import { EventDeliveryStatus, type EventDeliveryAttempt } from '@piecework/shared';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { DateText } from '../../components/date-text';
import { SelectField } from '../../components/field';
import { Pager } from '../../components/pager';
import { QueryState } from '../../components/query-state';
import { useCursor } from '../settings/use-cursor';
import { useEventDeliveries } from './use-event-destinations';

const STATUS_BADGES: Record<EventDeliveryStatus, string> = {
  PENDING: 'badge info',
  DELIVERED: 'badge success',
  RETRYING: 'badge warning',
  FAILED: 'badge danger',
};

/** The log of destination `destinationId`. */
export function DeliveryLog({ destinationId }: { destinationId: string }) {
  const [status, setStatus] = useState<EventDeliveryStatus | undefined>();
  const paging = useCursor();
  const deliveries = useEventDeliveries(destinationId, status, paging.cursor);
  return (
    <section className="settings-section" aria-labelledby="delivery-log">
      <h2 id="delivery-log">Delivery log</h2>
      <div className="inline-form">
        <SelectField
          label="Status"
          value={status ?? ''}
          placeholder="Every status"
          options={EventDeliveryStatus.options.map((each) => ({ value: each, label: each.toLowerCase() }))}
          onValueChange={(value) => {
            const parsed = EventDeliveryStatus.safeParse(value);
            setStatus(parsed.success ? parsed.data : undefined);
            paging.reset();
          }}
        />
        <button
          type="button"
          className="btn"
          disabled={deliveries.isFetching}
          onClick={() => void deliveries.refetch()}
        >
          Refresh
        </button>
      </div>
      <QueryState query={deliveries} label="Loading the delivery log">
        {(page) =>
          page.data.length === 0 ? (
            <p className="empty">No delivery yet: events are sent as they happen.</p>
          ) : (
            <>
              <DataTable
                columns={[
                  { label: 'Event' },
                  { label: 'Status' },
                  { label: 'Answer' },
                  { label: 'Attempt', className: 'hide-narrow' },
                  { label: 'Took', className: 'hide-narrow' },
                  { label: 'When', className: 'hide-narrow' },
                ]}
              >
                {page.data.map((attempt) => (
                  <DeliveryRow key={attempt.id} attempt={attempt} />
                ))}
              </DataTable>
              <Pager page={page} onGo={paging.go} label="deliveries" />
            </>
          )
        }
      </QueryState>
    </section>
  );
}

/** One attempt's row. */
function DeliveryRow({ attempt }: { attempt: EventDeliveryAttempt }) {
  return (
    <tr>
      <td className="mono">{attempt.action}</td>
      <td>
        <span className={STATUS_BADGES[attempt.status]}>{attempt.status.toLowerCase()}</span>
      </td>
      <td>
        {attempt.statusCode === null ? '' : `HTTP ${String(attempt.statusCode)}`}
        {attempt.error === null ? null : <small className="delivery-error">{attempt.error}</small>}
      </td>
      <td className="hide-narrow">{attempt.attempt}</td>
      <td className="hide-narrow">{attempt.durationMs === null ? '' : `${String(attempt.durationMs)} ms`}</td>
      <td className="hide-narrow">
        <DateText iso={attempt.created} />
      </td>
    </tr>
  );
}
