/** A piece's install state in words, as a badge: built in, installed, installs on first use, unavailable. */
import type { PieceInstallState } from '@piecework/shared';

const LOOKS: Record<PieceInstallState, { label: string; tone: string }> = {
  BUILT_IN: { label: 'Built in', tone: 'info' },
  INSTALLED: { label: 'Installed', tone: 'success' },
  INSTALL_ON_USE: { label: 'Installs on first use', tone: '' },
  UNAVAILABLE: { label: 'Unavailable', tone: 'warning' },
};

/** The badge of `state` (nothing for a server that does not say). */
export function InstallStateBadge({ state }: { state: PieceInstallState | undefined }) {
  if (state === undefined) return null;
  const look = LOOKS[state];
  return <span className={look.tone === '' ? 'badge' : `badge ${look.tone}`}>{look.label}</span>;
}
