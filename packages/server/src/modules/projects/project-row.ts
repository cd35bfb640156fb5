/**
 * Project rows: building a new one (sign-up's PERSONAL project, `POST /v1/projects`' TEAM ones)
 * and turning one into the API's `Project` with its plan and analytics.
 */
import type { Insertable, Selectable } from 'kysely';
import {
  generateId,
  ProjectIconColor,
  type Project,
  type ProjectAnalytics,
  type ProjectPlan,
  type ProjectType,
} from '@piecework/shared';
import type { ProjectTable } from '../../infrastructure/storage/database';
import { fromJson, toJson } from '../../infrastructure/storage/json-column';

/** Name of the plan every self-hosted project starts on. */
export const DEFAULT_PLAN_NAME = 'self-hosted';

/** What a new project needs; everything else gets its default. */
export interface NewProject {
  platformId: string;
  ownerId: string;
  displayName: string;
  type: ProjectType;
  externalId?: string | null | undefined;
  metadata?: Record<string, unknown> | null | undefined;
  maxConcurrentJobs?: number | null | undefined;
}

/** The row of a new project at time `now` (a random icon colour, the default plan). */
export function newProjectRow(input: NewProject, now: string): Insertable<ProjectTable> {
  const id = generateId();
  const colors = ProjectIconColor.options;
  const plan: ProjectPlan = {
    id: generateId(),
    created: now,
    updated: now,
    projectId: id,
    locked: false,
    name: DEFAULT_PLAN_NAME,
    piecesFilterType: 'NONE',
    pieces: [],
  };
  return {
    id,
    platformId: input.platformId,
    ownerId: input.ownerId,
    displayName: input.displayName,
    type: input.type,
    iconColor: colors[Math.floor(Math.random() * colors.length)] ?? 'BLUE',
    releasesEnabled: 0,
    maxConcurrentJobs: input.maxConcurrentJobs ?? null,
    externalId: input.externalId ?? null,
    metadata: input.metadata === undefined || input.metadata === null ? null : toJson(input.metadata),
    plan: toJson(plan),
    created: now,
    updated: now,
  };
}

/** The API shape of a project row. */
export function projectView(row: Selectable<ProjectTable>, analytics: ProjectAnalytics): Project {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    ownerId: row.ownerId,
    displayName: row.displayName,
    platformId: row.platformId,
    type: row.type as ProjectType,
    icon: { color: ProjectIconColor.catch('BLUE').parse(row.iconColor) },
    releasesEnabled: row.releasesEnabled === 1,
    maxConcurrentJobs: row.maxConcurrentJobs,
    externalId: row.externalId,
    metadata: fromJson<Record<string, unknown>>(row.metadata),
    plan: fromJson<ProjectPlan>(row.plan) ?? emptyPlan(row),
    analytics,
  };
}

function emptyPlan(row: Selectable<ProjectTable>): ProjectPlan {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    projectId: row.id,
    locked: false,
    name: DEFAULT_PLAN_NAME,
    piecesFilterType: 'NONE',
    pieces: [],
  };
}
