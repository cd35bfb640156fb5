/**
 * Which choices of a dropdown are picked. Choice values may be any JSON value, so they are
 * compared by content and told apart by position; a stored value no choice has (options not
 * loaded yet, or no longer offered) is "unlisted".
 */
import { sameValue, type DropdownOption } from './property-values';

/** The position of `value` among `options` (-1 when none has it), and whether it is a set value none has. */
export function choiceIndex(
  options: readonly DropdownOption[],
  value: unknown,
): { index: number; unlisted: boolean } {
  const index = options.findIndex((option) => sameValue(option.value, value));
  const unlisted = index < 0 && value !== undefined && value !== null && value !== '';
  return { index, unlisted };
}

/**
 * The values of a multi-select after `option` is checked (`checked` false) or unchecked
 * (`checked` true), in option order: the options' values that are chosen afterwards.
 */
export function toggledChoices(
  options: readonly DropdownOption[],
  chosen: readonly unknown[],
  option: DropdownOption,
  checked: boolean,
): unknown[] {
  return options
    .filter((other) => (other === option ? !checked : chosen.some((item) => sameValue(item, other.value))))
    .map((other) => other.value);
}
