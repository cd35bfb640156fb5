/**
 * The right column of the piece picker: the actions (or triggers) of the piece highlighted on
 * the left, read from the piece's full metadata (the server answers it for catalogue pieces not
 * installed yet, too). Choosing one answers it to the picker. A piece that cannot run on this
 * server shows why instead, and offers nothing to pick.
 */
import type { PieceMetadataSummary } from '@piecework/shared';
import { usePiece } from '../../../api/use-pieces';
import { QueryState } from '../../../components/query-state';
import { moveFocusInList } from './list-keys';
import { matchingFirst } from './piece-ranking';
import type { PickedStep } from './picked-step';

/** Props of {@link PieceEntries}. */
export interface PieceEntriesProps {
  projectId: string;
  piece: PieceMetadataSummary;
  mode: 'action' | 'trigger';
  busy: boolean;
  onPick: (picked: PickedStep) => void;
  /** Left arrow: back to the piece list. */
  onBack: () => void;
  /** The search text: the steps matching it come first. Default none. */
  query?: string;
}

/** The actions or triggers of `piece`. */
export function PieceEntries({ projectId, piece, mode, busy, onPick, onBack, query }: PieceEntriesProps) {
  const unavailable = piece.installState === 'UNAVAILABLE';
  const metadata = usePiece(projectId, unavailable ? undefined : piece.name, piece.version);
  const noun = mode === 'action' ? 'Actions' : 'Triggers';
  return (
    <section className="picker-entries" aria-label={`${noun} of ${piece.displayName}`}>
      <h3>
        {noun} of {piece.displayName}
      </h3>
      {unavailable ? (
        <p className="notice warning">
          {piece.displayName} cannot be used on this server: {piece.unavailableReason ?? 'it is unavailable'}
        </p>
      ) : (
        <>
          {piece.installState === 'INSTALL_ON_USE' ? (
            <p className="muted small">
              Installs on first use: adding one of these steps installs {piece.displayName} {piece.version} on
              this server.
            </p>
          ) : null}
          <PieceEntryList
            projectId={projectId}
            metadata={metadata}
            piece={piece}
            mode={mode}
            busy={busy}
            onPick={onPick}
            onBack={onBack}
            {...(query === undefined ? {} : { query })}
          />
        </>
      )}
    </section>
  );
}

/** The buttons of the piece's actions or triggers, once its metadata is loaded. */
function PieceEntryList({
  metadata,
  piece,
  mode,
  busy,
  onPick,
  onBack,
  query = '',
}: PieceEntriesProps & { metadata: ReturnType<typeof usePiece> }) {
  return (
    <QueryState query={metadata} label={`Loading ${piece.displayName}`}>
      {(full) => {
        const picked = { name: full.name, version: full.version };
        const entries =
          mode === 'action'
            ? Object.values(full.actions).map((action) => ({
                key: action.name,
                displayName: action.displayName,
                description: action.description,
                pick: (): PickedStep => ({ kind: 'action', piece: picked, action }),
              }))
            : Object.values(full.triggers).map((trigger) => ({
                key: trigger.name,
                displayName: trigger.displayName,
                description: trigger.description,
                pick: (): PickedStep => ({ kind: 'trigger', piece: picked, trigger }),
              }));
        return (
          <ul
            className="picker-list"
            onKeyDown={(event) => {
              if (event.key === 'ArrowLeft') {
                event.preventDefault();
                onBack();
              } else moveFocusInList(event);
            }}
          >
            {matchingFirst(entries, query).map((entry) => (
              <li key={entry.key}>
                <button
                  type="button"
                  className="picker-item"
                  disabled={busy}
                  onClick={() => onPick(entry.pick())}
                >
                  <span className="picker-item-title">{entry.displayName}</span>
                  <span className="picker-item-description">{entry.description}</span>
                </button>
              </li>
            ))}
          </ul>
        );
      }}
    </QueryState>
  );
}
