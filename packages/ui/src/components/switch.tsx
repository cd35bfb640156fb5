/**
 * An on/off switch on Radix UI's Switch primitive: the flows table's status toggles and the MCP
 * server's status use it. Radix is used for its accessible behaviour (`role="switch"`,
 * `aria-checked`, Space and Enter toggle it, its state in `data-state` for styling); it ships no
 * styles, so `.switch` in app.css and components.css style it with the app's tokens. Give it an
 * accessible `label`, and `describedBy` naming the element that explains it when there is one.
 */
import * as RadixSwitch from '@radix-ui/react-switch';

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
    <RadixSwitch.Root
      className="switch"
      checked={on}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={disabled}
      onCheckedChange={onToggle}
    >
      <RadixSwitch.Thumb className="switch-knob" />
    </RadixSwitch.Root>
  );
}
