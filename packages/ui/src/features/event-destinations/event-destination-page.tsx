/**
 * `/platform/event-destinations/:destinationId` (platform admins): one event destination, its URL,
 * events and status, with Edit, "Send test event" and its delivery log.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { AdminQueryState } from '../settings/admin-query-state';
import { EditDestinationDialog } from './destination-dialog';
import { destinationName, eventsSummary } from './destination-text';
import { DeliveryLog } from './delivery-log';
import { TestSend } from './test-send';
import { useEventDestination } from './use-event-destinations';
import '../settings/settings.css';

/** The page of `/platform/event-destinations/:destinationId`. */
export function Page() {
  const destinationId = useParams()['destinationId'] ?? '';
  const destination = useEventDestination(destinationId);
  const [editing, setEditing] = useState(false);
  return (
    <section>
      <p>
        <Link to="/platform/event-destinations">← Event destinations</Link>
      </p>
      <AdminQueryState query={destination} label="Loading the event destination">
        {(shown) => (
          <>
            <PageHeader
              title={destinationName(shown)}
              description={shown.url}
              actions={
                <button type="button" className="btn" onClick={() => setEditing(true)}>
                  Edit
                </button>
              }
            />
            <dl className="destination-facts">
              <dt>Events</dt>
              <dd>{eventsSummary(shown.events)}</dd>
              <dt>Status</dt>
              <dd>{shown.enabled ? 'Enabled' : 'Disabled: receives nothing'}</dd>
            </dl>
            <TestSend destinationId={shown.id} />
            <DeliveryLog destinationId={shown.id} />
            {editing ? <EditDestinationDialog destination={shown} onClose={() => setEditing(false)} /> : null}
          </>
        )}
      </AdminQueryState>
    </section>
  );
}
