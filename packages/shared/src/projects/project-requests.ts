import { z } from 'zod';
import { Metadata } from '../common/base-model';
import { PageQuery } from '../common/page';
import { QueryList } from '../common/query-list';
import { PiecesFilterType } from './project-plan';
import { ProjectIcon, ProjectType } from './project';

/** Body of `POST /v1/projects`: a new TEAM project of the caller's platform. */
export const CreateProjectRequest = z.object({
  displayName: z.string().trim().min(1).max(200),
  externalId: z.string().min(1).optional(),
  metadata: Metadata.nullable().optional(),
  maxConcurrentJobs: z.number().int().min(1).nullable().optional(),
});
export type CreateProjectRequest = z.infer<typeof CreateProjectRequest>;

/** Body of `POST /v1/projects/:id`: the fields to change (others stay as they are). */
export const UpdateProjectRequest = z.object({
  displayName: z.string().trim().min(1).max(200).optional(),
  externalId: z.string().min(1).optional(),
  metadata: Metadata.nullable().optional(),
  icon: ProjectIcon.optional(),
  releasesEnabled: z.boolean().optional(),
  maxConcurrentJobs: z.number().int().min(1).nullable().optional(),
  plan: z
    .object({ pieces: z.array(z.string()).optional(), piecesFilterType: PiecesFilterType.optional() })
    .optional(),
});
export type UpdateProjectRequest = z.infer<typeof UpdateProjectRequest>;

/** Query of `GET /v1/projects` (default limit 50): filters by display name, external id and type. */
export const ListProjectsQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  displayName: z.string().optional(),
  externalId: z.string().optional(),
  types: QueryList(ProjectType).optional(),
});
export type ListProjectsQuery = z.infer<typeof ListProjectsQuery>;
