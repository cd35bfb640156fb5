/**
 * Project permissions and the three default project roles. Admin holds all; Editor all but the
 * project, member, release and invitation writes; Viewer only reads (the reference platform's sets).
 */

/** Every project permission. */
export const PERMISSIONS = [
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
  'READ_PROJECT',
  'WRITE_PROJECT',
  'READ_TABLE',
  'WRITE_TABLE',
] as const;

/** One project permission, e.g. `WRITE_FLOW`. */
export type Permission = (typeof PERMISSIONS)[number];

/** The names of the default project roles. */
export type DefaultProjectRole = 'Admin' | 'Editor' | 'Viewer';

const EDITOR_EXCLUDED = new Set<Permission>([
  'WRITE_PROJECT',
  'WRITE_PROJECT_MEMBER',
  'WRITE_PROJECT_RELEASE',
  'WRITE_INVITATION',
]);

/** The permissions each default role grants. */
export const DEFAULT_ROLE_PERMISSIONS: Readonly<Record<DefaultProjectRole, ReadonlySet<Permission>>> = {
  Admin: new Set(PERMISSIONS),
  Editor: new Set(PERMISSIONS.filter((permission) => !EDITOR_EXCLUDED.has(permission))),
  Viewer: new Set(PERMISSIONS.filter((permission) => permission.startsWith('READ_'))),
};

/** The permissions of a role by name (matched case-insensitively: `EDITOR` is `Editor`); none for an unknown name. */
export function permissionsOfRole(name: string): ReadonlySet<Permission> {
  const role = (Object.keys(DEFAULT_ROLE_PERMISSIONS) as DefaultProjectRole[]).find(
    (candidate) => candidate.toLowerCase() === name.toLowerCase(),
  );
  return role === undefined ? new Set() : DEFAULT_ROLE_PERMISSIONS[role];
}
