import { z } from 'zod';
import { BaseModelFields, Metadata } from '../common/base-model';
import { Id } from '../common/id';
import { ProjectPlan } from './project-plan';

/** A project is either a shared TEAM project or a user's PERSONAL project. */
export const ProjectType = z.enum(['TEAM', 'PERSONAL']);
export type ProjectType = z.infer<typeof ProjectType>;

/** The 12 colours a project's icon can have. */
export const ProjectIconColor = z.enum([
  'RED',
  'BLUE',
  'YELLOW',
  'PURPLE',
  'GREEN',
  'PINK',
  'VIOLET',
  'ORANGE',
  'DARK_GREEN',
  'CYAN',
  'LAVENDER',
  'DEEP_ORANGE',
]);
export type ProjectIconColor = z.infer<typeof ProjectIconColor>;

/** A project's icon: `{color}`. */
export const ProjectIcon = z.object({ color: ProjectIconColor });
export type ProjectIcon = z.infer<typeof ProjectIcon>;

/** Usage counters shown with a project. */
export const ProjectAnalytics = z.object({
  totalUsers: z.number().int().min(0),
  activeUsers: z.number().int().min(0),
  totalFlows: z.number().int().min(0),
  activeFlows: z.number().int().min(0),
});
export type ProjectAnalytics = z.infer<typeof ProjectAnalytics>;

/**
 * A project: the unit that owns flows, runs, connections and folders, inside a platform
 * (`platformId` is a 21-character id). `maxConcurrentJobs` null means the platform default
 * (AP_DEFAULT_CONCURRENT_JOBS_LIMIT).
 */
export const Project = z.object({
  ...BaseModelFields,
  ownerId: z.string(),
  displayName: z.string(),
  platformId: Id,
  type: ProjectType,
  icon: ProjectIcon,
  releasesEnabled: z.boolean(),
  maxConcurrentJobs: z.number().int().min(1).nullable().optional(),
  externalId: z.string().nullable().optional(),
  metadata: Metadata.nullable().optional(),
  poolId: Id.nullable().optional(),
  plan: ProjectPlan,
  analytics: ProjectAnalytics,
});
export type Project = z.infer<typeof Project>;
