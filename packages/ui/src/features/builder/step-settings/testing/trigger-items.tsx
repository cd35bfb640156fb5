/**
 * The items a trigger's test hook found, to pick the one to keep as the trigger's sample data
 * (a radio group; the server kept the first).
 */
import type { TriggerEventWithPayload } from '@piecework/shared';
import { useId } from 'react';

/** Props of {@link TriggerItems}. */
export interface TriggerItemsProps {
  items: readonly TriggerEventWithPayload[];
  /** The stored sample data (marks the matching item as chosen). */
  current: unknown;
  /** The item just picked, shown as chosen while it is saved. */
  pickedId: string | undefined;
  busy: boolean;
  onPick: (item: TriggerEventWithPayload) => void;
}

function summary(payload: unknown): string {
  const text = JSON.stringify(payload) ?? '';
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/** A radio button per item. */
export function TriggerItems({ items, current, pickedId, busy, onPick }: TriggerItemsProps) {
  const id = useId();
  if (items.length === 0) {
    return (
      <p className="notice warning">
        The trigger found nothing: make an event happen in the app, then test again.
      </p>
    );
  }
  const chosen = JSON.stringify(current);
  return (
    <fieldset className="prop-field prop-group" disabled={busy}>
      <legend>Sample data to keep</legend>
      {items.map((item, at) => (
        <div className="check-row" key={item.id}>
          <input
            type="radio"
            id={`${id}-${item.id}`}
            name={`${id}-items`}
            checked={pickedId === undefined ? JSON.stringify(item.payload) === chosen : item.id === pickedId}
            onChange={() => onPick(item)}
          />
          <label htmlFor={`${id}-${item.id}`}>
            Item {at + 1}: <span className="mono small">{summary(item.payload)}</span>
          </label>
        </div>
      ))}
    </fieldset>
  );
}
