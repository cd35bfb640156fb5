/**
 * An on/off switch (`role="switch"`, `aria-checked`), styled by `.switch` in app.css: the flows
 * table's status toggles and the MCP server's status use it. Give it an accessible `label`, and
 * `describedBy` naming the element that explains it when there is one.
 */

/** Props of {@link Switch}. */
export interface SwitchProps {
  on: boolean;
  /** The accessible name (`aria-label`). */
  label: string;
  /** The id of the element describing the switch (`aria-describedby`). */
  describedBy?: string | undefined;
  disabled?: boolean;
  /** Called with the state asked for (the opposite of `on`). */
  onToggle: (on: boolean) => void;
}

/** The switch button; the caller shows its state in words beside it. */
export function Switch({ on, label, describedBy, disabled = false, onToggle }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      className="switch"
      aria-checked={on}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onToggle(!on)}
    >
      <span className="switch-knob" aria-hidden="true" />
    </button>
  );
}
