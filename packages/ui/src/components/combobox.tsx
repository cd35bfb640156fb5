/**
 * A searchable single choice: a button showing the chosen option's label that opens a list with a
 * search box, on Radix UI's Popover and cmdk. Radix places the list (portalled, kept in the
 * window, above dialogs), closes it on Escape or a click outside and gives focus back to the
 * button; cmdk filters the options as one types and moves through them with the arrow keys, Enter
 * picking the highlighted one. The button has `role="combobox"` and takes its name from its field
 * label (`id` tied to a `<label htmlFor>`) or `aria-label`. `.combobox*` in components.css styles
 * it with the app's tokens. Use it instead of a native select.
 */
import * as Popover from '@radix-ui/react-popover';
import { Command } from 'cmdk';
import { Check, ChevronsUpDown } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';

/** One option of a {@link Combobox}. */
export interface ComboboxOption {
  value: string;
  label: string;
  disabled?: boolean | undefined;
}

/** Props of {@link Combobox}. */
export interface ComboboxProps {
  /** The chosen option's value; one matching no option shows `placeholder`. */
  value: string;
  options: readonly ComboboxOption[];
  /** Called with the value of the option picked (also when it is the current one). */
  onValueChange: (value: string) => void;
  /** The button's id, for a `<label htmlFor>` naming it. */
  id?: string | undefined;
  /** The button's name when no label names it through `id`. */
  'aria-label'?: string | undefined;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | undefined;
  /** What the button shows while no option is chosen. */
  placeholder?: string | undefined;
  disabled?: boolean | undefined;
  /** Options are being fetched: the list says so instead of "No option matches". */
  loading?: boolean | undefined;
  /** What the list says when there is no option at all (default "No options"). */
  emptyText?: string | undefined;
  className?: string | undefined;
}

/** Keeps the options whose label holds every word of the search, in their order. */
function matchLabel(_value: string, search: string, keywords?: string[]): number {
  const text = (keywords ?? []).join(' ').toLowerCase();
  const words = search
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  return words.every((word) => text.includes(word)) ? 1 : 0;
}

/** The key of option `at` inside cmdk, whose values must be unique and non-empty. */
const itemKey = (at: number) => `option-${String(at)}`;

/**
 * A button and a searchable list of `options`. ArrowDown, ArrowUp, Enter or Space opens it; a
 * printable key typed on the button opens it with that search.
 */
export function Combobox({
  value,
  options,
  onValueChange,
  id,
  'aria-label': ariaLabel,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  placeholder,
  disabled,
  loading,
  emptyText,
  className,
}: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const chosenAt = options.findIndex((option) => option.value === value);
  const chosen = chosenAt >= 0 ? options[chosenAt] : undefined;

  const show = (next: boolean) => {
    setOpen(next);
    if (!next) setSearch('');
  };
  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(true);
    } else if (
      event.key.length === 1 &&
      event.key !== ' ' &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey
    ) {
      event.preventDefault();
      setSearch(event.key);
      setOpen(true);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={show}>
      <Popover.Trigger asChild>
        <button
          type="button"
          role="combobox"
          id={id}
          aria-label={ariaLabel}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          disabled={disabled}
          className={className === undefined ? 'combobox' : `combobox ${className}`}
          onKeyDown={onTriggerKeyDown}
        >
          <span className={chosen === undefined ? 'combobox-value muted' : 'combobox-value'}>
            {chosen?.label ?? placeholder ?? 'Select…'}
          </span>
          <ChevronsUpDown aria-hidden="true" className="combobox-chevron" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="combobox-popover"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          aria-label={ariaLabel ?? 'Options'}
        >
          <Command filter={matchLabel} loop {...(chosenAt >= 0 ? { defaultValue: itemKey(chosenAt) } : {})}>
            <Command.Input
              className="combobox-search"
              placeholder="Search…"
              aria-label="Search the options"
              value={search}
              onValueChange={setSearch}
            />
            <Command.List className="combobox-list">
              {loading === true ? (
                <Command.Loading className="combobox-note">Loading options…</Command.Loading>
              ) : (
                <Command.Empty className="combobox-note">
                  {options.length === 0 ? (emptyText ?? 'No options') : 'No option matches.'}
                </Command.Empty>
              )}
              {options.map((option, at) => (
                <Command.Item
                  key={itemKey(at)}
                  value={itemKey(at)}
                  keywords={[option.label]}
                  disabled={option.disabled}
                  className="combobox-item"
                  onSelect={() => {
                    onValueChange(option.value);
                    show(false);
                  }}
                >
                  <Check
                    aria-hidden="true"
                    className="combobox-check"
                    style={{ visibility: at === chosenAt ? 'visible' : 'hidden' }}
                  />
                  {option.label}
                </Command.Item>
              ))}
            </Command.List>
          </Command>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
