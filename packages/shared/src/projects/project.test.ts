import { describe, expect, it } from 'vitest';
import { Folder } from './folder';
import { Project } from './project';
import { ProjectMember } from './project-member';
import { ProjectPlan } from './project-plan';

const T = '2026-01-01T00:00:00.000Z';
const ID = 'a1B2c3D4e5F6g7H8i9J0k';

function plan(overrides: Record<string, unknown> = {}) {
  return {
    id: 'plan1',
    created: T,
    updated: T,
    projectId: 'p1',
    name: 'free',
    piecesFilterType: 'NONE',
    pieces: [],
    ...overrides,
  };
}

function project(overrides: Record<string, unknown> = {}) {
  return {
    id: 'p1',
    created: T,
    updated: T,
    ownerId: 'u1',
    displayName: 'Marketing',
    platformId: ID,
    type: 'TEAM',
    icon: { color: 'DEEP_ORANGE' },
    releasesEnabled: false,
    plan: plan({ locked: true }),
    analytics: { totalUsers: 2, activeUsers: 1, totalFlows: 5, activeFlows: 3 },
    ...overrides,
  };
}

function member(overrides: Record<string, unknown> = {}) {
  return {
    id: 'm1',
    created: T,
    updated: T,
    projectId: 'p1',
    platformId: ID,
    userId: ID,
    projectRoleId: ID,
    ...overrides,
  };
}

/** Near-misses of a 21-character alphanumeric id. */
const BAD_IDS = [ID.slice(1), `${ID}x`, `${ID.slice(1)}-`, `${ID.slice(1)}_`, `${ID.slice(1)} `, '', 42];

describe('Project', () => {
  it('accepts a project with a 21-character platformId and poolId', () => {
    expect(Project.parse(project({ poolId: ID, maxConcurrentJobs: null }))).toMatchObject({ poolId: ID });
  });

  it.each(BAD_IDS)('rejects the platformId %j', (platformId) => {
    expect(Project.safeParse(project({ platformId })).success).toBe(false);
  });

  it.each(BAD_IDS)('rejects the poolId %j', (poolId) => {
    expect(Project.safeParse(project({ poolId })).success).toBe(false);
  });

  it.each([
    ['an unknown icon colour', { icon: { color: 'BLACK' } }],
    ['an unknown type', { type: 'SHARED' }],
    ['no analytics', { analytics: undefined }],
    ['a plan with an unknown filter', { plan: plan({ piecesFilterType: 'DENIED' }) }],
  ])('rejects %s', (_, overrides) => {
    expect(Project.safeParse(project(overrides)).success).toBe(false);
  });

  it('defaults a plan to unlocked', () => {
    expect(ProjectPlan.parse(plan()).locked).toBe(false);
  });
});

describe('ProjectMember', () => {
  it('accepts 21-character ids', () => {
    expect(ProjectMember.parse(member())).toEqual(member());
  });

  it.each(['platformId', 'userId', 'projectRoleId'])('rejects a malformed %s', (field) => {
    for (const bad of BAD_IDS) {
      expect(ProjectMember.safeParse(member({ [field]: bad })).success).toBe(false);
    }
  });
});

describe('Folder', () => {
  it('needs every field', () => {
    const folder = {
      id: 'f1',
      created: T,
      updated: T,
      projectId: 'p1',
      displayName: 'Sales',
      displayOrder: 0,
    };
    expect(Folder.parse(folder)).toEqual(folder);
    expect(Folder.safeParse({ ...folder, displayOrder: undefined }).success).toBe(false);
  });
});
