/**
 * "New event destination" and "Edit" of an event destination: the {@link DestinationFields} in a
 * dialog. Creating answers the destination's signing secret, which the dialog then shows this once
 * with a copy button (the server keeps it sealed and never answers it again). The server's
 * refusal is shown in the dialog, keeping what was typed.
 */
import type { EventDestination } from '@piecework/shared';
import { useState, type FormEvent } from 'react';
import { CopyField } from '../../components/copy-field';
import { Dialog } from '../../components/dialog';
import { ErrorNotice } from '../../components/query-state';
import { useToast } from '../../components/toast';
import { DestinationFields, draftOf, urlProblem, type DestinationDraft } from './destination-form';
import { useCreateEventDestination, useUpdateEventDestination } from './use-event-destinations';

/** The dialog that creates a destination, then shows its signing secret once. */
export function NewDestinationDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateEventDestination();
  const [draft, setDraft] = useState<DestinationDraft>(() => draftOf());
  const [showErrors, setShowErrors] = useState(false);
  if (create.isSuccess) {
    return (
      <Dialog
        title="Copy the signing secret"
        onClose={onClose}
        footer={
          <button type="button" className="btn primary" onClick={onClose}>
            Done
          </button>
        }
      >
        <div className="notice warning" role="alert">
          Copy the secret now: it will not be shown again. The receiver checks each delivery's signature with
          it.
        </div>
        <CopyField label="Signing secret" value={create.data.signingSecret} />
      </Dialog>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (urlProblem(draft) !== undefined) return;
    const name = draft.displayName.trim();
    create.mutate({
      url: draft.url.trim(),
      events: [...draft.events],
      enabled: draft.enabled,
      ...(name === '' ? {} : { displayName: name }),
    });
  };
  return (
    <FormDialog title="New event destination" busy={create.isPending} onClose={onClose} onSubmit={onSubmit}>
      <DestinationFields draft={draft} onChange={setDraft} showErrors={showErrors} />
      {create.isError ? <ErrorNotice error={create.error} /> : null}
    </FormDialog>
  );
}

/** The dialog that changes `destination`'s URL, name, events and whether it is enabled. */
export function EditDestinationDialog({
  destination,
  onClose,
}: {
  destination: EventDestination;
  onClose: () => void;
}) {
  const update = useUpdateEventDestination(destination.id);
  const { toast } = useToast();
  const [draft, setDraft] = useState<DestinationDraft>(() => draftOf(destination));
  const [showErrors, setShowErrors] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (urlProblem(draft) !== undefined) return;
    const name = draft.displayName.trim();
    update.mutate(
      {
        url: draft.url.trim(),
        events: [...draft.events],
        enabled: draft.enabled,
        displayName: name === '' ? null : name,
      },
      {
        onSuccess: () => {
          toast('Saved the event destination');
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      title="Edit the event destination"
      busy={update.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <DestinationFields draft={draft} onChange={setDraft} showErrors={showErrors} />
      {update.isError ? <ErrorNotice error={update.error} /> : null}
    </FormDialog>
  );
}

/** A dialog around a form, with Cancel and Save. */
function FormDialog(props: {
  title: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  children: React.ReactNode;
}) {
  const formId = 'event-destination-form';
  return (
    <Dialog
      title={props.title}
      size="wide"
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn primary" disabled={props.busy}>
            {props.busy ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={props.onSubmit} noValidate>
        {props.children}
      </form>
    </Dialog>
  );
}
