/**
 * `/projects/:projectId/alerts`: the project's alert receivers, the email addresses told when a
 * production run of one of its flows fails, with a form to add one and a Remove button on each
 * (asks first). Changing them needs the WRITE_ALERT permission; without it the form is hidden and
 * the server's refusal of the list is shown as it is.
 */
import type { Alert } from '@piecework/shared';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/error-message';
import { useProjectPermissions } from '../../api/use-project-permissions';
import { useProjectId } from '../../api/use-projects';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { DateText } from '../../components/date-text';
import { TextField } from '../../components/field';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { QueryState } from '../../components/query-state';
import { useCursor } from '../settings/use-cursor';
import { useAddAlert, useAlerts, useRemoveAlert } from './use-alerts';
import '../settings/settings.css';

/** A loose check of an email address; the server checks it for real. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The page of `/projects/:projectId/alerts`. */
export function Page() {
  const projectId = useProjectId();
  const permissions = useProjectPermissions(projectId);
  const paging = useCursor();
  const alerts = useAlerts(projectId, paging.cursor);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [removing, setRemoving] = useState<Alert | null>(null);
  const add = useAddAlert(projectId, () => setDraft(''));
  const remove = useRemoveAlert(projectId, () => {
    setRemoving(null);
    paging.reset();
  });
  const canWrite = permissions.can('WRITE_ALERT');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const receiver = draft.trim();
    const invalid = EMAIL.test(receiver) ? undefined : 'Enter an email address like ops@example.com';
    setProblem(invalid);
    if (invalid === undefined) add.mutate(receiver);
  };
  return (
    <section>
      <PageHeader
        title="Alerts"
        description="Who is emailed when a published flow of this project fails. Test runs send no alert."
      />
      {canWrite ? (
        <form className="inline-form" onSubmit={onSubmit} noValidate aria-label="Add a receiver">
          <TextField
            label="Email address"
            type="email"
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              add.reset();
            }}
            error={problem ?? (add.isError ? errorMessage(add.error) : undefined)}
            placeholder="ops@example.com"
          />
          <button type="submit" className="btn primary" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add receiver'}
          </button>
        </form>
      ) : null}
      <QueryState query={alerts} label="Loading alert receivers">
        {(page) =>
          page.data.length === 0 ? (
            <p className="empty">No receiver yet: nobody is emailed when a run fails.</p>
          ) : (
            <>
              <DataTable
                columns={[
                  { label: 'Email address' },
                  { label: 'Added', className: 'hide-narrow' },
                  { label: 'Actions', className: 'actions', hideLabel: true },
                ]}
              >
                {page.data.map((alert) => (
                  <tr key={alert.id}>
                    <td>{alert.receiver}</td>
                    <td className="hide-narrow">
                      <DateText iso={alert.created} />
                    </td>
                    <td className="actions">
                      {canWrite ? (
                        <button
                          type="button"
                          className="btn small"
                          aria-label={`Remove ${alert.receiver}`}
                          onClick={() => setRemoving(alert)}
                        >
                          Remove
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </DataTable>
              <Pager page={page} onGo={paging.go} label="alert receivers" />
            </>
          )
        }
      </QueryState>
      {removing === null ? null : (
        <ConfirmDialog
          title="Remove the receiver?"
          message={`${removing.receiver} will no longer be emailed when a run fails.`}
          confirmLabel="Remove"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(removing)}
          onClose={() => setRemoving(null)}
        />
      )}
    </section>
  );
}
