/**
 * The command palette's dialog (cmdk in a Radix dialog), loaded on the first Ctrl/Cmd+K by
 * `CommandPalette`: a search box over the commands pages contribute (the builder's steps and edits, see
 * {@link useContributeCommands}), the project's flows to open and its pages to go to. Enter or a
 * click runs the chosen command once the palette has closed and given focus back; Escape closes
 * it without running anything.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import '../../styles/command-palette.css';
import { CommandItem } from './command-item';
import { useContributedCommands, type PaletteCommand } from './command-registry';
import { pageCommands } from './page-commands';
import { modKeys } from '../../format/shortcut-keys';
import { useFlowCommands } from './use-flow-commands';

/** Props of {@link PaletteDialog}. */
export interface PaletteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The current project, whose flows and pages the palette offers (none on platform pages). */
  projectId: string | undefined;
}

/** The commands of `commands` by group, groups in order of first appearance. */
function byGroup(commands: readonly PaletteCommand[]): [string, PaletteCommand[]][] {
  const groups = new Map<string, PaletteCommand[]>();
  for (const command of commands) {
    const group = groups.get(command.group);
    if (group === undefined) groups.set(command.group, [command]);
    else group.push(command);
  }
  return [...groups];
}

/** The palette, open or closed; use it through `CommandPalette`. */
export function PaletteDialog({ open, onOpenChange: setOpen, projectId }: PaletteDialogProps) {
  const navigate = useNavigate();
  const pending = useRef<(() => void) | null>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const contributed = useContributedCommands();
  const flows = useFlowCommands(projectId, open, navigate);
  const pages = useMemo(
    () => (projectId === undefined ? [] : pageCommands(projectId, navigate)),
    [projectId, navigate],
  );
  const groups = useMemo(
    () => byGroup([...contributed, ...flows.commands, ...pages]),
    [contributed, flows.commands, pages],
  );
  const choose = (command: PaletteCommand) => {
    pending.current = command.run;
    setOpen(false);
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="command-palette-overlay" />
        <Dialog.Content
          className="command-palette"
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            // Radix gives focus to the dialog's trigger, and this dialog has none: focus goes back
            // to what had it before the palette opened, then the chosen command runs.
            event.preventDefault();
            if (returnTo.current?.isConnected === true) returnTo.current.focus();
            returnTo.current = null;
            const run = pending.current;
            pending.current = null;
            run?.();
          }}
        >
          <Command label="Search commands" loop>
            <Dialog.Title className="command-palette-title">Search commands</Dialog.Title>
            <Command.Input className="command-palette-input" placeholder="A command, a step or a flow…" />
            <Command.List className="command-palette-list">
              <Command.Empty className="command-palette-empty">No command matches.</Command.Empty>
              {flows.loading ? <Command.Loading>Loading the flows…</Command.Loading> : null}
              {groups.map(([group, commands]) => (
                <Command.Group key={group} heading={group} className="command-palette-group">
                  {commands.map((command) => (
                    <CommandItem key={command.id} command={command} onChoose={choose} />
                  ))}
                </Command.Group>
              ))}
            </Command.List>
            <p className="command-palette-footer">
              <kbd>↑</kbd>
              <kbd>↓</kbd> to move, <kbd>Enter</kbd> to run, <kbd>Esc</kbd> to close,{' '}
              {modKeys('K').map((key) => (
                <kbd key={key}>{key}</kbd>
              ))}{' '}
              to open again
            </p>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
