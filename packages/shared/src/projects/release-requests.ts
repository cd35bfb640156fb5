import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';
import { PageQuery } from '../common/page';
import { ProjectState } from './project-state';
import { Release } from './release';

/**
 * Where a release comes from: another project of the platform (`PROJECT`, its current state), an
 * exported file (`FILE`, a {@link ProjectState} sent in the body), an earlier release of the
 * target project (`ROLLBACK`, the state that release applied) or the branch of the target's git
 * repository (`GIT`, the files under `projects/<slug>/`, Activepieces' git sync pull).
 */
export const ProjectReleaseType = z.enum(['PROJECT', 'FILE', 'ROLLBACK', 'GIT']);
export type ProjectReleaseType = z.infer<typeof ProjectReleaseType>;

const target = { projectId: z.string().min(1) };
const fromProject = { type: z.literal('PROJECT'), sourceProjectId: z.string().min(1) };
const fromFile = { type: z.literal('FILE'), state: ProjectState };
const fromRelease = { type: z.literal('ROLLBACK'), projectReleaseId: z.string().min(1) };
const fromGit = { type: z.literal('GIT') };

/** Body of `POST /v1/project-releases/diff`: what releasing `source` into project `projectId` would do. */
export const DiffProjectReleaseRequest = z.discriminatedUnion('type', [
  z.object({ ...target, ...fromProject }),
  z.object({ ...target, ...fromFile }),
  z.object({ ...target, ...fromRelease }),
  z.object({ ...target, ...fromGit }),
]);
export type DiffProjectReleaseRequest = z.infer<typeof DiffProjectReleaseRequest>;

const named = {
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).nullable().optional(),
};

/** Body of `POST /v1/project-releases`: release `source` into project `projectId` as `name`. */
export const CreateProjectReleaseRequest = z.discriminatedUnion('type', [
  z.object({ ...target, ...named, ...fromProject }),
  z.object({ ...target, ...named, ...fromFile }),
  z.object({ ...target, ...named, ...fromRelease }),
  z.object({ ...target, ...named, ...fromGit }),
]);
export type CreateProjectReleaseRequest = z.infer<typeof CreateProjectReleaseRequest>;

/** Query of `GET /v1/project-releases`: a project's releases, newest first, a page at a time. */
export const ListProjectReleasesQuery = PageQuery.extend({ projectId: z.string() });
export type ListProjectReleasesQuery = z.infer<typeof ListProjectReleasesQuery>;

/** Query of `GET /v1/project-releases/export`: the project whose state to download. */
export const ExportProjectStateQuery = z.object({ projectId: z.string() });
export type ExportProjectStateQuery = z.infer<typeof ExportProjectStateQuery>;

/**
 * A release applied to a project: the {@link Release} fields with its id, where it came from
 * (`sourceProjectId` for PROJECT releases) and `importedBy`, the user id (null for an API key).
 */
export const ProjectRelease = Release.extend({
  ...BaseModelFields,
  sourceProjectId: z.string().nullable(),
  importedBy: z.string().nullable(),
});
export type ProjectRelease = z.infer<typeof ProjectRelease>;

/** One release with the project state it applied (`GET /v1/project-releases/:id`). */
export const ProjectReleaseWithState = ProjectRelease.extend({ state: ProjectState });
export type ProjectReleaseWithState = z.infer<typeof ProjectReleaseWithState>;
