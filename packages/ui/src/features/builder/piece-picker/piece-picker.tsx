/**
 * The piece picker: a dialog with a search box, category filters, the core steps (Code, Loop on
 * items, Router) and every piece of the catalogue on the left, the highlighted piece's actions
 * (or, for the trigger, its triggers) on the right. The search ranks pieces fuzzily and adds what
 * the server's search finds. Arrow keys move through a column, Right / Left go between the
 * columns; Down in the search box enters the list. Picking a step of a piece that installs on
 * first use says "Installing <piece>…" while the server installs it.
 */
import type { PieceMetadataSummary } from '@piecework/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { usePieceSearch, usePieces } from '../../../api/use-pieces';
import { Dialog } from '../../../components/dialog';
import { QueryState } from '../../../components/query-state';
import { useDebouncedValue } from '../step-settings/use-debounced-value';
import { CategoryChips } from './category-chips';
import { CoreStepList, matchingCoreSteps } from './core-steps';
import { buttonsIn, moveFocusInList } from './list-keys';
import type { PickedStep } from './picked-step';
import { categoryFilters, isInCategory } from './piece-categories';
import { PieceEntries } from './piece-entries';
import { PieceListItem } from './piece-list-item';
import { pieceIndex, rankPieces } from './piece-ranking';
import './piece-picker.css';

/** Props of {@link PiecePicker}. */
export interface PiecePickerProps {
  projectId: string;
  /** `action`: a step to add; `trigger`: the flow's trigger. */
  mode: 'action' | 'trigger';
  /** While the choice is being saved (and its piece installed, if it installs on first use). */
  busy: boolean;
  onPick: (picked: PickedStep) => void;
  onClose: () => void;
  /** Only pieces' actions (no Code, Loop or Router), e.g. to pick an agent's piece tool. */
  piecesOnly?: boolean;
  /** The dialog's title (default "Add a step", or "Select a trigger"). */
  title?: string;
}

/**
 * Whether the picker lists `piece` in `mode`: it has such steps, or it is unavailable and its
 * steps are not known (listed without metadata), so that the reason it cannot be used shows.
 */
function offers(piece: PieceMetadataSummary, mode: 'action' | 'trigger'): boolean {
  if ((mode === 'action' ? piece.actions : piece.triggers) > 0) return true;
  return piece.installState === 'UNAVAILABLE' && piece.actions === 0 && piece.triggers === 0;
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
  const [category, setCategory] = useState('ALL');
  const [active, setActive] = useState<string | null>(null);
  const [picking, setPicking] = useState<PieceMetadataSummary | null>(null);
  const settled = useDebouncedValue(query.trim(), 250);
  const serverSearch = usePieceSearch(projectId, settled);
  const serverHits = serverSearch.isPlaceholderData ? undefined : serverSearch.data;
  const index = useMemo(() => pieceIndex(pieces.data ?? []), [pieces.data]);
  const piecesColumn = useRef<HTMLDivElement>(null);
  const entriesColumn = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  // After the dialog opened (its own effect runs first and focuses its first control).
  useEffect(() => search.current?.focus(), []);
  const core =
    mode === 'action' && !piecesOnly && (category === 'ALL' || category === 'CORE')
      ? matchingCoreSteps(query)
      : [];
  const installing = busy && picking?.installState === 'INSTALL_ON_USE' ? picking : null;
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
        maxLength={200}
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
      <p className="picker-progress" role="status">
        {installing === null ? null : (
          <>
            <span className="spinner" aria-hidden="true" />
            Installing {installing.displayName}…
          </>
        )}
      </p>
      <QueryState query={pieces} label="Loading pieces">
        {(all) => {
          const offered = all.filter((piece) => offers(piece, mode));
          const list = rankPieces(index, offered, query, serverHits).filter((piece) =>
            isInCategory(piece, category),
          );
          const shown = list.find((piece) => piece.name === active) ?? list[0];
          return (
            <>
              <CategoryChips filters={categoryFilters(offered)} selected={category} onSelect={setCategory} />
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
                  <CoreStepList steps={core} busy={busy} onPick={onPick} />
                  <h3>Pieces</h3>
                  {list.length === 0 ? (
                    <p className="muted">
                      {query.trim() === '' ? 'No piece in this category.' : `No piece matches “${query}”.`}
                    </p>
                  ) : (
                    <ul className="picker-list">
                      {list.map((piece) => (
                        <PieceListItem
                          key={piece.name}
                          piece={piece}
                          current={piece === shown}
                          onShow={() => setActive(piece.name)}
                        />
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
                      query={query}
                      onPick={(picked) => {
                        setPicking(shown);
                        onPick(picked);
                      }}
                      onBack={() =>
                        piecesColumn.current
                          ?.querySelector<HTMLButtonElement>('[aria-current="true"]')
                          ?.focus()
                      }
                    />
                  )}
                </div>
              </div>
            </>
          );
        }}
      </QueryState>
    </Dialog>
  );
}
