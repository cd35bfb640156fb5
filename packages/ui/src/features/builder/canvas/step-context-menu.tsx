/**
 * The menu a right-click (or the context-menu key) opens on a step's card, on Radix UI's
 * ContextMenu primitive: Copy, Cut, Paste after, Duplicate and Delete, each with its keyboard
 * shortcut beside it. The items call the canvas's actions (the same as the card's "⋯" menu and
 * the shortcuts); Delete asks first, as the Delete key does. On a read-only canvas every item
 * is disabled. `.dropdown-menu` in components.css styles it like the other menus.
 */
import * as ContextMenu from '@radix-ui/react-context-menu';
import type { ReactNode } from 'react';
import { shortcutText } from '../../../format/shortcut-keys';
import type { CanvasActions } from './canvas-actions';

/** One item of the menu. */
interface ContextItem {
  label: string;
  shortcut: string;
  run: (name: string) => void;
  danger?: boolean;
}

function itemsOf(actions: CanvasActions): ContextItem[] {
  return [
    { label: 'Copy', shortcut: shortcutText('C'), run: actions.copySteps },
    { label: 'Cut', shortcut: shortcutText('X'), run: actions.cutSteps },
    { label: 'Paste after', shortcut: shortcutText('V'), run: actions.pasteAfter },
    { label: 'Duplicate', shortcut: shortcutText('D'), run: actions.duplicateStep },
    { label: 'Delete', shortcut: 'Del', run: actions.askDelete, danger: true },
  ];
}

/** Props of {@link StepContextMenu}. */
export interface StepContextMenuProps {
  /** The step's name, e.g. `step_1`. */
  name: string;
  actions: CanvasActions;
  /** The card the menu opens on. */
  children: ReactNode;
}

/** Wraps a step's card so that a right-click on it opens the step's menu. */
export function StepContextMenu({ name, actions, children }: StepContextMenuProps) {
  return (
    <ContextMenu.Root modal={false}>
      <ContextMenu.Trigger asChild>
        <div className="step-card-context">{children}</div>
      </ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content
          className="dropdown-menu context-menu"
          aria-label={`Step ${name}`}
          collisionPadding={8}
        >
          {itemsOf(actions).map((item) => (
            <ContextMenu.Item
              key={item.label}
              className={item.danger === true ? 'dropdown-menu-item danger' : 'dropdown-menu-item'}
              disabled={actions.readonly}
              onSelect={() => item.run(name)}
            >
              <span>{item.label}</span>
              <kbd className="menu-shortcut">{item.shortcut}</kbd>
            </ContextMenu.Item>
          ))}
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
}
