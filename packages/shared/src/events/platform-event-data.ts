import { z } from 'zod';
import { ApiKey } from '../platform/api-key';
import { ProjectRole } from '../projects/project-role';
import { Release } from '../projects/release';
import { SigningKey } from '../projects/signing-key';

/** `data` of signing.key.created. */
export const SigningKeyEventData = z.object({ signingKey: SigningKey });
export type SigningKeyEventData = z.infer<typeof SigningKeyEventData>;

/** `data` of api.key.created and api.key.deleted: the key as the API lists it (never its value). */
export const ApiKeyEventData = z.object({ apiKey: ApiKey });
export type ApiKeyEventData = z.infer<typeof ApiKeyEventData>;

/** `data` of project.role.created, project.role.updated and project.role.deleted. */
export const ProjectRoleEventData = z.object({ projectRole: ProjectRole });
export type ProjectRoleEventData = z.infer<typeof ProjectRoleEventData>;

/** `data` of project.release.created. */
export const ProjectReleaseEventData = z.object({ release: Release });
export type ProjectReleaseEventData = z.infer<typeof ProjectReleaseEventData>;
