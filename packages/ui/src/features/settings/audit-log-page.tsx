/**
 * `/platform/audit-log` (platform admins): the platform's audit events, newest first, filtered
 * by kind and project (the filters `GET /v1/audit-events` takes), a page of 20 at a time with the
 * `next` / `previous` cursors. Each row opens to the event's data.
 */
import { AuditEventAction, type AuditEvent, type Page as ListPage } from '@piecework/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/session-context';
import { useProjects } from '../../api/use-projects';
import { SelectField } from '../../components/field';
import { JsonView } from '../../components/json-view';
import { PageHeader } from '../../components/page-header';
import { AdminQueryState, isForbidden } from './admin-query-state';
import { DateText } from '../../components/date-text';
import { actionWords, auditEventSubject } from './describe-audit-event';
import { Pager } from '../../components/pager';
import { useCursor } from './use-cursor';
import './settings.css';
import { DataTable } from '../../components/data-table';

const ACTION_OPTIONS = AuditEventAction.options.map((action) => ({
  value: action,
  label: actionWords(action),
}));

/** The page of `/platform/audit-log`. */
export function Page() {
  const client = useApi();
  const projects = useProjects();
  const [action, setAction] = useState('');
  const [projectId, setProjectId] = useState('');
  const paging = useCursor();
  const events = useQuery({
    queryKey: ['audit-events', { action, projectId, cursor: paging.cursor }],
    queryFn: (): Promise<ListPage<AuditEvent>> =>
      client.auditEvents.list({
        limit: 20,
        ...(action === '' ? {} : { action: AuditEventAction.parse(action) }),
        ...(projectId === '' ? {} : { projectId }),
        ...(paging.cursor === undefined ? {} : { cursor: paging.cursor }),
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <section>
      <PageHeader title="Audit log" description="Who did what on your platform, newest first." />
      {isForbidden(events.error) ? null : (
        <div className="toolbar">
          <SelectField
            label="Event"
            value={action}
            placeholder="All events"
            options={ACTION_OPTIONS}
            onValueChange={(value) => {
              setAction(value);
              paging.reset();
            }}
          />
          <SelectField
            label="Project"
            value={projectId}
            placeholder="All projects"
            options={(projects.data ?? []).map((project) => ({
              value: project.id,
              label: project.displayName,
            }))}
            onValueChange={(value) => {
              setProjectId(value);
              paging.reset();
            }}
          />
        </div>
      )}
      <AdminQueryState query={events} label="Loading events">
        {(page) =>
          page.data.length === 0 ? (
            <p className="empty">No event matches these filters.</p>
          ) : (
            <>
              <DataTable
                columns={[
                  { label: 'When' },
                  { label: 'Event' },
                  { label: 'About' },
                  { label: 'By', className: 'hide-narrow' },
                  { label: 'Project', className: 'hide-narrow' },
                ]}
              >
                {page.data.map((event) => (
                  <tr key={event.id}>
                    <td>
                      <DateText iso={event.created} />
                    </td>
                    <td>
                      <span className="badge info">{actionWords(event.action)}</span>
                    </td>
                    <td>
                      <details className="audit-details">
                        <summary>{auditEventSubject(event)}</summary>
                        <JsonView value={event.data} label={`Data of the ${event.action} event`} />
                      </details>
                    </td>
                    <td className="hide-narrow">{event.userEmail ?? '—'}</td>
                    <td className="hide-narrow">{event.projectDisplayName ?? '—'}</td>
                  </tr>
                ))}
              </DataTable>
              <Pager page={page} onGo={paging.go} label="Audit events" />
            </>
          )
        }
      </AdminQueryState>
    </section>
  );
}
