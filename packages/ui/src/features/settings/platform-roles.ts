/** The platform roles in words, for selects and badges (ADMIN manages the platform, etc.). */
import { PlatformRole } from '@piecework/shared';
import type { SelectOption } from '../../components/field';

const WORDS: Record<PlatformRole, string> = {
  ADMIN: 'Admin',
  OPERATOR: 'Operator',
  MEMBER: 'Member',
};

/** Every platform role as an option of a select. */
export const PLATFORM_ROLE_OPTIONS: readonly SelectOption[] = PlatformRole.options.map((role) => ({
  value: role,
  label: WORDS[role],
}));

/** `role` in words, e.g. `Admin`. */
export function platformRoleWord(role: PlatformRole): string {
  return WORDS[role];
}
