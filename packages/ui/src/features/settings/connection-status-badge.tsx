/** A connection's health as a coloured badge: Active (green), Error (red), Missing (amber). */
import type { AppConnectionStatus } from '@piecework/shared';

const LOOK: Record<AppConnectionStatus, { className: string; text: string }> = {
  ACTIVE: { className: 'badge success', text: 'Active' },
  ERROR: { className: 'badge danger', text: 'Error' },
  MISSING: { className: 'badge warning', text: 'Missing' },
};

/** The badge of `status`. */
export function ConnectionStatusBadge({ status }: { status: AppConnectionStatus }) {
  const look = LOOK[status];
  return <span className={look.className}>{look.text}</span>;
}
