/**
 * The picture of a step or piece: its piece's logo (an `<img>`, loaded lazily; `alt=""` unless
 * given, where the text beside it names the piece), an icon for the core steps (code, loop,
 * router) and an unset trigger, or, for a piece whose logo is missing or fails to load, its
 * monogram (two letters on a hue of its own).
 */
import { Code, Puzzle, Repeat, Split, Zap, type LucideIcon } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import type { StepCardData } from './canvas-elements';
import { pieceMonogram } from './piece-monogram';
import './step-logo.css';

const ICONS: Partial<Record<StepCardData['type'] | 'PIECE', LucideIcon>> = {
  CODE: Code,
  LOOP_ON_ITEMS: Repeat,
  ROUTER: Split,
  EMPTY: Zap,
  PIECE: Puzzle,
};

/** A core step's icon; use it where a step type is pictured without a logo. */
export function StepIcon({ type }: { type: StepCardData['type'] | 'PIECE' }) {
  const Icon = ICONS[type] ?? Puzzle;
  return <Icon aria-hidden="true" focusable="false" className="core-icon" />;
}

/** A piece's monogram: decorative, the text beside it names the piece. */
function Monogram({ pieceName, size }: { pieceName: string; size: number }) {
  const { letters, hue } = pieceMonogram(pieceName);
  return (
    <span
      className="piece-monogram"
      aria-hidden="true"
      style={{ '--monogram-hue': hue, fontSize: Math.round(size * 0.4) } as CSSProperties}
    >
      {letters}
    </span>
  );
}

/** The logo of a step or piece, `size` px square; use it wherever a piece is pictured. */
export function StepLogo({
  type,
  logoUrl,
  pieceName,
  size = 32,
  alt = '',
}: {
  type: StepCardData['type'] | 'PIECE';
  logoUrl: string | undefined;
  /** The piece's name, for its monogram when the logo is missing or fails to load. */
  pieceName?: string | undefined;
  size?: number;
  /** The image's text alternative (default none: decorative). */
  alt?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = logoUrl !== undefined && logoUrl !== '' && failed !== logoUrl;
  const isPiece = type === 'PIECE' || type === 'PIECE_TRIGGER';
  return (
    <span className="step-logo" style={{ width: size, height: size }}>
      {usable ? (
        <img
          src={logoUrl}
          alt={alt}
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(logoUrl)}
        />
      ) : isPiece && pieceName !== undefined ? (
        <Monogram pieceName={pieceName} size={size} />
      ) : (
        <StepIcon type={type === 'PIECE_TRIGGER' ? 'PIECE' : type} />
      )}
    </span>
  );
}
