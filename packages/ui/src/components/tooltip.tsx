/**
 * A short label shown beside a control on hover and on keyboard focus, on Radix UI's Tooltip
 * primitive. Radix is used for its accessible behaviour: the label is tied to the control
 * (`aria-describedby`, `role="tooltip"`), Escape hides it, it is portalled above dialogs and
 * positioned to stay in the window. Radix ships no styles: `.tooltip` in components.css styles it
 * with the app's tokens. Use it on icon-only buttons, whose `aria-label` it shows to sighted users;
 * {@link TooltipProvider} must be mounted once near the root.
 */
import * as RadixTooltip from '@radix-ui/react-tooltip';
import { useRef, useState, type ReactElement, type ReactNode } from 'react';

/** How long the pointer rests on a control before its tooltip shows, in milliseconds. */
const DELAY = 400;

/**
 * Shares the hover delay of every {@link Tooltip} (once one has shown, the next shows at once);
 * mount it once around the app and around each page embed mode renders.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return <RadixTooltip.Provider delayDuration={DELAY}>{children}</RadixTooltip.Provider>;
}

/** Props of {@link Tooltip}. */
export interface TooltipProps {
  /** The text shown, usually the control's accessible name. */
  content: string;
  /** The one control it labels; it must accept a ref and event handlers (a button). */
  children: ReactElement;
}

/**
 * Shows `content` beside `children` while the pointer is over it or it has keyboard focus.
 * Focus moved by a script after a click (a dialog opening, a menu closing) shows nothing: only
 * `:focus-visible` focus does.
 */
export function Tooltip({ content, children }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <RadixTooltip.Root
      open={open}
      onOpenChange={(next) => {
        const element = trigger.current;
        const wanted = element !== null && (element.matches(':hover') || element.matches(':focus-visible'));
        setOpen(next && wanted);
      }}
    >
      <RadixTooltip.Trigger asChild ref={trigger}>
        {children}
      </RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className="tooltip" side="top" sideOffset={6} collisionPadding={8}>
          {content}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
