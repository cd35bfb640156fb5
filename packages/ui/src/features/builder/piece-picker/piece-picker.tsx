/**
 * The piece picker: a dialog with a search box, the core steps (Code, Loop on items, Router) and
 * every piece on the left, the highlighted piece's actions (or, for the trigger, its triggers) on
 * the right. Arrow keys move through a column, Right / Left go between the columns; Down in the
 * search box enters the list.
 */
import type { PieceMetadataSummary } from '@piecework/shared';
import { useEffect, useRef, useState } from 'react';
import { usePieces } from '../../../api/use-pieces';
import { Dialog } from '../../../components/dialog';
import { QueryState } from '../../../components/query-state';
import { StepIcon, StepLogo } from '../canvas/step-logo';
import { buttonsIn, moveFocusInList } from './list-keys';
import type { CoreStepType, PickedStep } from './picked-step';
import { PieceEntries } from './piece-entries';

const CORE_STEPS: readonly { type: CoreStepType; label: string; description: string }[] = [
  { type: 'CODE', label: 'Code', description: 'Run your own JavaScript' },
  { type: 'LOOP_ON_ITEMS', label: 'Loop on items', description: 'Repeat steps for every item of a list' },
  { type: 'ROUTER', label: 'Router', description: 'Split the flow into branches by conditions' },
];

/** Props of {@link PiecePicker}. */
export interface PiecePickerProps {
  projectId: string;
  /** `action`: a step to add; `trigger`: the flow's trigger. */
  mode: 'action' | 'trigger';
  /** While the choice is being saved. */
  busy: boolean;
  onPick: (picked: PickedStep) => void;
  onClose: () => void;
  /** Only pieces' actions (no Code, Loop or Router), e.g. to pick an agent's piece tool. */
  piecesOnly?: boolean;
  /** The dialog's title (default "Add a step", or "Select a trigger"). */
  title?: string;
}

function matches(needle: string, ...texts: string[]): boolean {
  return needle === '' || texts.some((text) => text.toLowerCase().includes(needle));
}

/** The piece picker dialog. */
export function PiecePicker({
  projectId,
  mode,
  busy,
  onPick,
  onClose,
  piecesOnly = false,
  title,
}: PiecePickerProps) {
  const pieces = usePieces(projectId);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<string | null>(null);
  const piecesColumn = useRef<HTMLDivElement>(null);
  const entriesColumn = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  // After the dialog opened (its own effect runs first and focuses its first control).
  useEffect(() => search.current?.focus(), []);
  const needle = query.trim().toLowerCase();
  const core =
    mode === 'action' && !piecesOnly
      ? CORE_STEPS.filter((item) => matches(needle, item.label, item.description))
      : [];
  const offered = (all: readonly PieceMetadataSummary[]) =>
    all.filter(
      (piece) =>
        (mode === 'action' ? piece.actions : piece.triggers) > 0 &&
        matches(needle, piece.displayName, piece.name, piece.description),
    );
  return (
    <Dialog
      title={title ?? (mode === 'action' ? 'Add a step' : 'Select a trigger')}
      size="wide"
      onClose={onClose}
    >
      <input
        type="search"
        className="picker-search"
        aria-label="Search pieces"
        placeholder="Search pieces…"
        ref={search}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'Enter') {
            event.preventDefault();
            buttonsIn(piecesColumn.current)[0]?.focus();
          }
        }}
      />
      <QueryState query={pieces} label="Loading pieces">
        {(all) => {
          const list = offered(all);
          const shown = list.find((piece) => piece.name === active) ?? list[0];
          return (
            <div className="picker">
              <div
                ref={piecesColumn}
                className="picker-pieces"
                onKeyDown={(event) => {
                  if (event.key === 'ArrowRight') {
                    event.preventDefault();
                    buttonsIn(entriesColumn.current)[0]?.focus();
                  } else moveFocusInList(event);
                }}
              >
                {core.length === 0 ? null : (
                  <>
                    <h3>Core</h3>
                    <ul className="picker-list">
                      {core.map((item) => (
                        <li key={item.type}>
                          <button
                            type="button"
                            className="picker-item picker-item-row"
                            disabled={busy}
                            onClick={() => onPick({ kind: 'core', type: item.type })}
                          >
                            <span className="step-logo step-logo-small">
                              <StepIcon type={item.type} />
                            </span>
                            <span className="picker-item-title">{item.label}</span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  </>
                )}
                <h3>Pieces</h3>
                {list.length === 0 ? (
                  <p className="muted">No piece matches “{query}”.</p>
                ) : (
                  <ul className="picker-list">
                    {list.map((piece) => (
                      <li key={piece.name}>
                        <button
                          type="button"
                          className="picker-item picker-item-row"
                          aria-current={piece === shown ? 'true' : undefined}
                          onFocus={() => setActive(piece.name)}
                          onClick={() => setActive(piece.name)}
                        >
                          <StepLogo type="PIECE" logoUrl={piece.logoUrl} size={24} />
                          <span className="picker-item-title">{piece.displayName}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <div ref={entriesColumn} className="picker-entries-column">
                {shown === undefined ? null : (
                  <PieceEntries
                    key={shown.name}
                    projectId={projectId}
                    piece={shown}
                    mode={mode}
                    busy={busy}
                    onPick={onPick}
                    onBack={() =>
                      piecesColumn.current?.querySelector<HTMLButtonElement>('[aria-current="true"]')?.focus()
                    }
                  />
                )}
              </div>
            </div>
          );
        }}
      </QueryState>
    </Dialog>
  );
}
