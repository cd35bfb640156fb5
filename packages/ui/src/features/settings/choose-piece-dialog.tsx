/**
 * The first step of "New connection": pick, from a searchable list, a piece that needs a
 * connection (one with `auth`); the caller then opens the piece's `NewConnectionDialog`.
 */
import type { PieceMetadataSummary } from '@piecework/shared';
import { useState } from 'react';
import { usePieces } from '../../api/use-pieces';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { QueryState } from '../../components/query-state';

/** Props of {@link ChoosePieceDialog}. */
export interface ChoosePieceDialogProps {
  projectId: string;
  onChoose: (piece: PieceMetadataSummary) => void;
  onClose: () => void;
  /** The dialog's title; default "New connection". */
  title?: string;
}

/** A dialog listing the pieces with auth, filtered as the user types. */
export function ChoosePieceDialog({
  projectId,
  onChoose,
  onClose,
  title = 'New connection',
}: ChoosePieceDialogProps) {
  const pieces = usePieces(projectId);
  const [search, setSearch] = useState('');
  return (
    <Dialog title={title} onClose={onClose}>
      <TextField
        label="Search pieces"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        autoFocus
      />
      <QueryState query={pieces} label="Loading pieces">
        {(all) => {
          const needle = search.trim().toLowerCase();
          const shown = all.filter(
            (piece) =>
              piece.auth !== undefined &&
              (needle === '' ||
                piece.displayName.toLowerCase().includes(needle) ||
                piece.name.toLowerCase().includes(needle)),
          );
          if (shown.length === 0) {
            return (
              <p className="empty">
                {needle === '' ? 'No installed piece needs a connection.' : `No piece matches “${search}”.`}
              </p>
            );
          }
          return (
            <ul className="piece-choices" aria-label="Pieces that need a connection">
              {shown.map((piece) => (
                <li key={piece.name}>
                  <button type="button" onClick={() => onChoose(piece)}>
                    <img src={piece.logoUrl} alt="" />
                    <span className="cell-stack">
                      {piece.displayName}
                      <small>{piece.name}</small>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          );
        }}
      </QueryState>
    </Dialog>
  );
}
