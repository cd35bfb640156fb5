/** One row of the command palette: the command's words and, when it has one, its shortcut. */
import { Command } from 'cmdk';
import type { PaletteCommand } from './command-registry';

/** Props of {@link CommandItem}. */
export interface CommandItemProps {
  command: PaletteCommand;
  onChoose: (command: PaletteCommand) => void;
}

/** A palette option (role `option`) that chooses `command` on click or Enter. */
export function CommandItem({ command, onChoose }: CommandItemProps) {
  return (
    <Command.Item
      value={`${command.label} ${command.id}`}
      keywords={command.keywords === undefined ? undefined : [...command.keywords]}
      onSelect={() => onChoose(command)}
      className="command-palette-item"
    >
      <span className="command-palette-label">{command.label}</span>
      {command.shortcut === undefined ? null : (
        <span className="command-palette-keys">
          {command.shortcut.map((key) => (
            <kbd key={key}>{key}</kbd>
          ))}
        </span>
      )}
    </Command.Item>
  );
}
