/**
 * The fields of an event destination, shared by "New event destination" and "Edit": its URL,
 * an optional name, the kinds of event it receives (none ticked: every kind) and whether it is
 * enabled. The URL is checked with the same schema the server uses; whether its address may be
 * reached is the server's outbound filter's call when it sends.
 */
import { AuditEventAction, EventDestinationUrl, type EventDestination } from '@piecework/shared';
import { useId } from 'react';
import { TextField } from '../../components/field';

/** What the form holds. */
export interface DestinationDraft {
  url: string;
  displayName: string;
  events: readonly AuditEventAction[];
  enabled: boolean;
}

/** The draft of a new destination, or of `destination` when editing it. */
export function draftOf(destination?: EventDestination): DestinationDraft {
  return {
    url: destination?.url ?? '',
    displayName: destination?.displayName ?? '',
    events: destination?.events ?? [],
    enabled: destination?.enabled ?? true,
  };
}

/** Why `draft` cannot be saved (its URL), or undefined. */
export function urlProblem(draft: DestinationDraft): string | undefined {
  return EventDestinationUrl.safeParse(draft.url).success
    ? undefined
    : 'Enter an absolute http or https URL, like https://siem.example.com/piecework';
}

/** Props of {@link DestinationFields}. */
export interface DestinationFieldsProps {
  draft: DestinationDraft;
  onChange: (next: DestinationDraft) => void;
  /** Show the URL's problem (after a first save). */
  showErrors: boolean;
}

/** The URL, name, events and enabled fields. */
export function DestinationFields({ draft, onChange, showErrors }: DestinationFieldsProps) {
  const enabledId = useId();
  const toggle = (action: AuditEventAction, on: boolean) =>
    onChange({
      ...draft,
      events: on ? [...draft.events, action] : draft.events.filter((each) => each !== action),
    });
  return (
    <>
      <TextField
        label="URL"
        type="url"
        required
        value={draft.url}
        placeholder="https://siem.example.com/piecework"
        hint="Each event is POSTed here as JSON, signed with the destination's secret."
        error={showErrors ? urlProblem(draft) : undefined}
        onChange={(event) => onChange({ ...draft, url: event.target.value })}
      />
      <TextField
        label="Name"
        value={draft.displayName}
        hint="Optional, e.g. “SIEM”."
        onChange={(event) => onChange({ ...draft, displayName: event.target.value })}
      />
      <fieldset className="event-choices">
        <legend>Events (none ticked: every event)</legend>
        {AuditEventAction.options.map((action) => (
          <label key={action}>
            <input
              type="checkbox"
              checked={draft.events.includes(action)}
              onChange={(event) => toggle(action, event.target.checked)}
            />
            <span className="mono">{action}</span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={enabledId}>
          <input
            id={enabledId}
            type="checkbox"
            checked={draft.enabled}
            onChange={(event) => onChange({ ...draft, enabled: event.target.checked })}
          />{' '}
          Enabled (a disabled destination receives nothing)
        </label>
      </div>
    </>
  );
}
