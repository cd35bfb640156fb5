import { z } from 'zod';

/**
 * Project permissions, by Activepieces' names, and what the three default project
 * roles grant: Admin all; Editor all but the project, member and release writes and invitations;
 * Viewer the reads. Use {@link Permission} wherever a permission is named (endpoint declarations,
 * custom roles), {@link DEFAULT_ROLE_PERMISSIONS} for the fixed roles.
 */
export const Permission = z.enum([
  'READ_APP_CONNECTION',
  'WRITE_APP_CONNECTION',
  'READ_FLOW',
  'WRITE_FLOW',
  'UPDATE_FLOW_STATUS',
  'READ_RUN',
  'WRITE_RUN',
  'READ_INVITATION',
  'WRITE_INVITATION',
  'READ_PROJECT_MEMBER',
  'WRITE_PROJECT_MEMBER',
  'READ_PROJECT_RELEASE',
  'WRITE_PROJECT_RELEASE',
  'READ_FOLDER',
  'WRITE_FOLDER',
  'READ_ALERT',
  'WRITE_ALERT',
  'READ_MCP',
  'WRITE_MCP',
  'READ_PROJECT',
  'WRITE_PROJECT',
  'READ_TABLE',
  'WRITE_TABLE',
  'READ_KNOWLEDGE_BASE',
  'WRITE_KNOWLEDGE_BASE',
  'READ_CHAT',
  'WRITE_CHAT',
  'PUBLISH_SENSITIVE_FLOW_ACCESS',
]);
export type Permission = z.infer<typeof Permission>;

/** Every project permission, in declaration order. */
export const PERMISSIONS: readonly Permission[] = Permission.options;

/** The names of the default (fixed) project roles. */
export const DefaultProjectRole = z.enum(['Admin', 'Editor', 'Viewer']);
export type DefaultProjectRole = z.infer<typeof DefaultProjectRole>;

const EDITOR_EXCLUDED = new Set<Permission>([
  'WRITE_PROJECT',
  'WRITE_PROJECT_MEMBER',
  'WRITE_PROJECT_RELEASE',
  'WRITE_INVITATION',
]);

/** The permissions each default role grants. */
export const DEFAULT_ROLE_PERMISSIONS: Readonly<Record<DefaultProjectRole, readonly Permission[]>> = {
  Admin: PERMISSIONS,
  Editor: PERMISSIONS.filter((permission) => !EDITOR_EXCLUDED.has(permission)),
  Viewer: PERMISSIONS.filter((permission) => permission.startsWith('READ_')),
};

/** The default role named `name`, matched case-insensitively (`EDITOR` is `Editor`); undefined for others. */
export function defaultRoleNamed(name: string): DefaultProjectRole | undefined {
  return DefaultProjectRole.options.find((role) => role.toLowerCase() === name.toLowerCase());
}
