/**
 * `/platform/event-destinations` (platform admins): the HTTP endpoints the platform's audit events
 * are POSTed to, signed. Each row links to the destination's page (its delivery log and a test
 * send) and has Edit and Delete (asks first); "New event destination" shows the signing secret
 * once. How receivers check signatures: `docs/event-destinations.md`.
 */
import type { EventDestination } from '@piecework/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { DateText } from '../../components/date-text';
import { MenuButton } from '../../components/menu-button';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { useToast } from '../../components/toast';
import { AdminQueryState, isForbidden } from '../settings/admin-query-state';
import { useCursor } from '../settings/use-cursor';
import { EditDestinationDialog, NewDestinationDialog } from './destination-dialog';
import { destinationName, eventsSummary } from './destination-text';
import { useDeleteEventDestination, useEventDestinations } from './use-event-destinations';
import '../settings/settings.css';

/** What dialog is open. */
type Open =
  | { kind: 'none' }
  | { kind: 'new' }
  | { kind: 'edit'; destination: EventDestination }
  | { kind: 'delete'; destination: EventDestination };

/** The page of `/platform/event-destinations`. */
export function Page() {
  const paging = useCursor();
  const destinations = useEventDestinations(paging.cursor);
  const remove = useDeleteEventDestination();
  const { toast, toastError } = useToast();
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const close = () => setOpen({ kind: 'none' });
  return (
    <section>
      <PageHeader
        title="Event destinations"
        description="Send your platform's audit events, signed, to your own systems (a SIEM, a data warehouse) as they happen."
        actions={
          isForbidden(destinations.error) ? undefined : (
            <button type="button" className="btn primary" onClick={() => setOpen({ kind: 'new' })}>
              New event destination
            </button>
          )
        }
      />
      <AdminQueryState query={destinations} label="Loading event destinations">
        {(page) =>
          page.data.length === 0 ? (
            <p className="empty">No event destination yet.</p>
          ) : (
            <>
              <DataTable
                columns={[
                  { label: 'Destination' },
                  { label: 'Events', className: 'hide-narrow' },
                  { label: 'Status' },
                  { label: 'Created', className: 'hide-narrow' },
                  { label: 'Actions', className: 'actions', hideLabel: true },
                ]}
              >
                {page.data.map((destination) => (
                  <tr key={destination.id}>
                    <td>
                      <span className="cell-stack">
                        <Link to={`/platform/event-destinations/${destination.id}`}>
                          {destinationName(destination)}
                        </Link>
                        <small className="mono">{destination.url}</small>
                      </span>
                    </td>
                    <td className="hide-narrow">{eventsSummary(destination.events)}</td>
                    <td>
                      {destination.enabled ? (
                        <span className="badge success">Enabled</span>
                      ) : (
                        <span className="badge">Disabled</span>
                      )}
                    </td>
                    <td className="hide-narrow">
                      <DateText iso={destination.created} />
                    </td>
                    <td className="actions">
                      <MenuButton
                        label={`Actions of destination ${destinationName(destination)}`}
                        items={[
                          { label: 'Edit', onSelect: () => setOpen({ kind: 'edit', destination }) },
                          {
                            label: 'Delete',
                            danger: true,
                            onSelect: () => setOpen({ kind: 'delete', destination }),
                          },
                        ]}
                      />
                    </td>
                  </tr>
                ))}
              </DataTable>
              <Pager page={page} onGo={paging.go} label="event destinations" />
            </>
          )
        }
      </AdminQueryState>
      {open.kind === 'new' ? <NewDestinationDialog onClose={close} /> : null}
      {open.kind === 'edit' ? <EditDestinationDialog destination={open.destination} onClose={close} /> : null}
      {open.kind === 'delete' ? (
        <ConfirmDialog
          title="Delete the event destination?"
          message={`${destinationName(open.destination)} will receive no more events, and its delivery log is deleted.`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(open.destination.id, {
              onSuccess: () => {
                toast(`Deleted ${destinationName(open.destination)}`);
                paging.reset();
                close();
              },
              onError: toastError,
            })
          }
          onClose={close}
        />
      ) : null}
    </section>
  );
}
