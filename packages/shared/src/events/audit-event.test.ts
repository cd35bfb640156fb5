import { describe, expect, it } from 'vitest';
import { AuditEvent } from './audit-event';
import type { AuditEventOf } from './audit-event';
import { AuditEventAction } from './audit-event-action';

const T = '2026-01-01T00:00:00.000Z';
const project = { displayName: 'Marketing' };
const flow = { id: 'flow1', externalId: 'ext-flow1', created: T, updated: T };
const flowVersion = { id: 'v1', displayName: 'My flow', flowId: 'flow1', created: T, updated: T };
const user = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
const connection = {
  id: 'c1',
  created: T,
  updated: T,
  displayName: 'Slack',
  externalId: 'slack',
  pieceName: '@activepieces/piece-slack',
  status: 'ACTIVE',
  type: 'SECRET_TEXT',
};
const folder = { id: 'f1', displayName: 'Sales', created: T, updated: T };
const flowRun = {
  id: 'r1',
  environment: 'PRODUCTION',
  flowId: 'flow1',
  flowVersionId: 'v1',
  status: 'SUCCEEDED',
  startTime: T,
  finishTime: null,
  duration: 12,
  flowDisplayName: 'My flow',
};
const projectRole = {
  id: 'pr1',
  created: T,
  updated: T,
  name: 'Editor',
  permissions: ['READ_FLOW'],
  platformId: null,
};

/** Valid `data` for every kind of audit event. */
const apiKey = { id: 'k1', created: T, updated: T, displayName: 'CI', truncatedValue: 'sk-...abcd' };
const DATA: Record<AuditEventAction, Record<string, unknown>> = {
  'flow.created': { flow, project: { displayName: 'Marketing', externalId: null } },
  'flow.updated': {
    flow,
    flowVersion,
    request: { type: 'CHANGE_NAME', request: { displayName: 'New' } },
    project,
  },
  'flow.deleted': { flow, flowVersion, project },
  'flow.published': { flow, flowVersion },
  'flow.activated': { flow, flowVersion, project },
  'flow.deactivated': { flow, flowVersion, project },
  'connection.upserted': { connection, project },
  'connection.deleted': { connection },
  'folder.created': { folder, project },
  'folder.updated': { folder, project },
  'folder.deleted': { folder },
  'flow.run.started': { flowRun, project },
  'flow.run.finished': { flowRun },
  'flow.run.retried': { flowRun: { ...flowRun, status: 'QUEUED' }, project },
  'user.signed.up': { source: 'credentials', user },
  'user.signed.in': { user },
  'user.password.reset': { user },
  'user.email.verified': { user },
  'signing.key.created': { signingKey: { id: 's1', created: T, updated: T, displayName: 'Key' } },
  'project.role.created': { projectRole },
  'project.role.updated': { projectRole },
  'project.role.deleted': { projectRole },
  'project.release.created': {
    release: { name: 'v1', type: 'GIT', projectId: 'p1', description: null, importedByUser: user },
  },
  'api.key.created': { apiKey },
  'api.key.deleted': { apiKey },
  'user.sign.in.failed': { user, reason: 'WRONG_PASSWORD' },
  'stuck.runs.ended': { flowRuns: [{ ...flowRun, status: 'CANCELED' }], reason: 'Worker died', project },
};

/** An audit event of `action` with the given data and a full envelope. */
function auditEvent(action: string, data: unknown) {
  return {
    id: 'e1',
    created: T,
    updated: T,
    platformId: 'plat1',
    projectId: 'p1',
    projectDisplayName: 'Marketing',
    userId: 'u1',
    userEmail: 'ada@example.com',
    ip: '203.0.113.5',
    action,
    data,
  };
}

describe('AuditEvent', () => {
  it('has test data for exactly every action', () => {
    expect(Object.keys(DATA).sort()).toEqual([...AuditEventAction.options].sort());
  });

  it.each(AuditEventAction.options)('accepts %s with valid data', (action) => {
    const event = auditEvent(action, DATA[action]);
    expect(AuditEvent.parse(event)).toEqual(event);
  });

  it.each(AuditEventAction.options)('rejects %s with empty data when the kind requires fields', (action) => {
    const optionalOnly = ['user.signed.in', 'user.password.reset', 'user.email.verified'];
    expect(AuditEvent.safeParse(auditEvent(action, {})).success).toBe(optionalOnly.includes(action));
  });

  it.each([
    ['an unknown action', auditEvent('flow.renamed', { flow })],
    ['an action in capitals', auditEvent('FLOW.CREATED', { flow })],
    ['no action', { ...auditEvent('flow.created', { flow }), action: undefined }],
    ['data of another kind', auditEvent('folder.created', { flow })],
    [
      'a flow.updated with an unknown operation',
      auditEvent('flow.updated', { ...DATA['flow.updated'], request: { type: 'RENAME', request: {} } }),
    ],
    [
      'a connection with a bad status',
      auditEvent('connection.upserted', { connection: { ...connection, status: 'OK' } }),
    ],
    ['a sign-up with an unknown source', auditEvent('user.signed.up', { source: 'google', user })],
    [
      'a run with an unknown status',
      auditEvent('flow.run.finished', { flowRun: { ...flowRun, status: 'DONE' } }),
    ],
    ['no platformId', { ...auditEvent('flow.created', DATA['flow.created']), platformId: undefined }],
    ['no data', { ...auditEvent('flow.created', DATA['flow.created']), data: undefined }],
  ])('rejects %s', (_, event) => {
    expect(AuditEvent.safeParse(event).success).toBe(false);
  });

  it('accepts an envelope without its optional fields', () => {
    const event = {
      id: 'e1',
      created: T,
      updated: T,
      platformId: 'plat1',
      action: 'folder.deleted',
      data: { folder },
    };
    expect(AuditEvent.parse(event)).toEqual(event);
  });

  it('narrows by action', () => {
    const event = AuditEvent.parse(auditEvent('flow.updated', DATA['flow.updated']));
    if (event.action !== 'flow.updated') throw new Error('expected flow.updated');
    const typed: AuditEventOf<'flow.updated'> = event;
    expect(typed.data.request.type).toBe('CHANGE_NAME');
    const deleted: AuditEventOf<'flow.deleted'>['data'] = { flow, flowVersion };
    expect(deleted.flow.id).toBe('flow1');
  });
});
