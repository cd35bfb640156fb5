/**
 * The picture of a step or piece: its piece's logo (an `<img>`, loaded lazily; `alt=""` unless
 * given, where the text beside it names the piece), or an icon for the core steps (code, loop,
 * router) and an unset trigger. A logo that fails to load falls back to the generic piece icon.
 */
import { useState } from 'react';
import type { StepCardData } from './canvas-elements';
import './step-logo.css';

const ICONS: Record<string, string[]> = {
  CODE: ['M8 6 2 12l6 6', 'm16 6 6 6-6 6'],
  LOOP_ON_ITEMS: ['m17 2 4 4-4 4', 'M3 11V9a4 4 0 0 1 4-4h14', 'm7 22-4-4 4-4', 'M21 13v2a4 4 0 0 1-4 4H3'],
  ROUTER: ['M16 3h5v5', 'M8 3H3v5', 'M12 22v-8.3a4 4 0 0 0-1.17-2.87L3 3', 'm15 9 6-6'],
  EMPTY: ['M13 2 3 14h9l-1 8 10-12h-9l1-8z'],
  PIECE: ['M4 7h16v13H4z', 'M9 7V4h6v3'],
};

/** A core step's icon (stroke paths on a 24 px grid). */
export function StepIcon({ type }: { type: StepCardData['type'] | 'PIECE' }) {
  const paths = ICONS[type] ?? ICONS['PIECE']!;
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="core-icon">
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** The logo of a step or piece, `size` px square; use it wherever a piece is pictured. */
export function StepLogo({
  type,
  logoUrl,
  size = 32,
  alt = '',
}: {
  type: StepCardData['type'] | 'PIECE';
  logoUrl: string | undefined;
  size?: number;
  /** The image's text alternative (default none: decorative). */
  alt?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = logoUrl !== undefined && logoUrl !== '' && failed !== logoUrl;
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
      ) : (
        <StepIcon type={type === 'PIECE_TRIGGER' ? 'PIECE' : type} />
      )}
    </span>
  );
}
