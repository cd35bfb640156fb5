/**
 * A button that opens a list of actions (a row's "⋯" menu), on Radix UI's DropdownMenu
 * primitive. Radix is used for its accessible behaviour, the ARIA menu pattern in full: arrow keys
 * move between items, Home and End jump to the first and last, typing a letter moves to the next
 * item starting with it, Escape or a click outside closes it and focus returns to the button, and
 * the list is portalled above the page (so a card on the builder's canvas cannot clip it). Radix
 * ships no styles: `.dropdown-menu` in components.css styles it with the app's tokens.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ellipsis } from 'lucide-react';
import type { ReactNode } from 'react';
import { Tooltip } from './tooltip';

/** One action of a {@link MenuButton}. */
export interface MenuItem {
  label: string;
  onSelect: () => void;
  /** Red text, for destructive actions. */
  danger?: boolean;
  disabled?: boolean;
}

/** Props of {@link MenuButton}. */
export interface MenuButtonProps {
  /** The accessible name of the button, e.g. "Actions of flow Welcome". */
  label: string;
  items: readonly MenuItem[];
  /** What the button shows; default a "⋯" icon, with `label` as its tooltip. */
  children?: ReactNode;
  className?: string;
}

/**
 * A menu of `items` behind a button. Not modal (`modal={false}`): the page behind keeps its
 * pointer events, so an item that opens a dialog hands over to it cleanly.
 */
export function MenuButton({ label, items, children, className }: MenuButtonProps) {
  const trigger = (
    <DropdownMenu.Trigger className={className ?? 'icon-btn'} aria-label={label}>
      {children ?? <Ellipsis aria-hidden="true" className="icon" />}
    </DropdownMenu.Trigger>
  );
  return (
    <DropdownMenu.Root modal={false}>
      {children === undefined ? <Tooltip content={label}>{trigger}</Tooltip> : trigger}
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="dropdown-menu"
          aria-label={label}
          align="end"
          sideOffset={4}
          collisionPadding={8}
        >
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.label}
              className={item.danger === true ? 'dropdown-menu-item danger' : 'dropdown-menu-item'}
              disabled={item.disabled}
              onSelect={item.onSelect}
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
