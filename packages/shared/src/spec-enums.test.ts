import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AppConnectionScope,
  AppConnectionStatus,
  AppConnectionType,
} from './connections/app-connection-type';
import { AuditEventAction } from './events/audit-event-action';
import { UserSignedUpSource } from './events/user-event-data';
import { FlowRetryStrategy } from './flow-runs/flow-run-requests';
import { FlowRunStatus } from './flow-runs/flow-run-status';
import { RunEnvironment } from './flow-runs/run-environment';
import { StepOutputStatus } from './flow-runs/step-output';
import {
  BranchOperator,
  DateConditionOperator,
  NumberConditionOperator,
  SingleValueConditionOperator,
  TextConditionOperator,
} from './flows/conditions';
import { FlowOperationStatus, FlowStatus } from './flows/flow';
import { FlowVersionState } from './flows/flow-version';
import { NoteColor } from './flows/note';
import { FlowOperationType, SampleDataType, StepLocationRelativeToParent } from './flows/operations';
import { BranchType, RouterExecutionType } from './flows/router';
import { StepType } from './flows/step';
import { PropertyExecutionType } from './flows/step-settings';
import { TriggerType } from './flows/trigger';
import { TokenEndpointAuthMethod } from './mcp/mcp-oauth';
import { PropertyType } from './pieces/property-type';
import { TriggerStrategy } from './pieces/trigger-metadata';
import { ProjectIconColor, ProjectType } from './projects/project';
import { PiecesFilterType } from './projects/project-plan';
import { RecordFilterOperator } from './tables/record-filter';
import { TableDataType } from './templates/table-definition';
import { TemplateStatus, TemplateType } from './templates/template';
import { InvitationStatus, InvitationType } from './users/user-invitation';
import { PlatformRole, UserStatus } from './users/user';

const TEXT_OPERATORS = [
  'TEXT_CONTAINS',
  'TEXT_DOES_NOT_CONTAIN',
  'TEXT_EXACTLY_MATCHES',
  'TEXT_DOES_NOT_EXACTLY_MATCH',
  'TEXT_START_WITH',
  'TEXT_DOES_NOT_START_WITH',
  'TEXT_ENDS_WITH',
  'TEXT_DOES_NOT_END_WITH',
  'LIST_CONTAINS',
  'LIST_DOES_NOT_CONTAIN',
];
const NUMBER_OPERATORS = ['NUMBER_IS_GREATER_THAN', 'NUMBER_IS_LESS_THAN', 'NUMBER_IS_EQUAL_TO'];
const DATE_OPERATORS = ['DATE_IS_BEFORE', 'DATE_IS_EQUAL', 'DATE_IS_AFTER'];
const SINGLE_VALUE_OPERATORS = [
  'EXISTS',
  'DOES_NOT_EXIST',
  'BOOLEAN_IS_TRUE',
  'BOOLEAN_IS_FALSE',
  'LIST_IS_EMPTY',
  'LIST_IS_NOT_EMPTY',
];

/** Every enum Piecework shares with Activepieces (resources, REST API, engine, pieces), written out literally. */
const SPEC_ENUMS: [name: string, schema: z.ZodEnum, values: string[]][] = [
  ['FlowStatus', FlowStatus, ['ENABLED', 'DISABLED']],
  ['FlowOperationStatus', FlowOperationStatus, ['NONE', 'DELETING', 'ENABLING', 'DISABLING']],
  ['FlowVersionState', FlowVersionState, ['DRAFT', 'LOCKED']],
  ['TriggerType', TriggerType, ['PIECE_TRIGGER', 'EMPTY']],
  ['PropertyExecutionType', PropertyExecutionType, ['MANUAL', 'DYNAMIC']],
  ['StepType', StepType, ['CODE', 'LOOP_ON_ITEMS', 'PIECE', 'ROUTER']],
  ['RouterExecutionType', RouterExecutionType, ['EXECUTE_ALL_MATCH', 'EXECUTE_FIRST_MATCH']],
  ['BranchType', BranchType, ['CONDITION', 'FALLBACK']],
  ['TextConditionOperator', TextConditionOperator, TEXT_OPERATORS],
  ['NumberConditionOperator', NumberConditionOperator, NUMBER_OPERATORS],
  ['DateConditionOperator', DateConditionOperator, DATE_OPERATORS],
  ['SingleValueConditionOperator', SingleValueConditionOperator, SINGLE_VALUE_OPERATORS],
  [
    'BranchOperator (all 22)',
    BranchOperator,
    [...TEXT_OPERATORS, ...NUMBER_OPERATORS, ...DATE_OPERATORS, ...SINGLE_VALUE_OPERATORS],
  ],
  ['NoteColor', NoteColor, ['orange', 'red', 'green', 'blue', 'purple', 'yellow']],
  [
    'FlowOperationType (26)',
    FlowOperationType,
    [
      'MOVE_ACTION',
      'CHANGE_STATUS',
      'LOCK_AND_PUBLISH',
      'USE_AS_DRAFT',
      'LOCK_FLOW',
      'IMPORT_FLOW',
      'CHANGE_NAME',
      'DELETE_ACTION',
      'UPDATE_ACTION',
      'ADD_ACTION',
      'UPDATE_TRIGGER',
      'CHANGE_FOLDER',
      'DUPLICATE_ACTION',
      'DELETE_BRANCH',
      'ADD_BRANCH',
      'DUPLICATE_BRANCH',
      'MOVE_BRANCH',
      'SET_SKIP_ACTION',
      'UPDATE_METADATA',
      'SAVE_SAMPLE_DATA',
      'UPDATE_SAMPLE_DATA_INFO',
      'UPDATE_MINUTES_SAVED',
      'UPDATE_OWNER',
      'ADD_NOTE',
      'UPDATE_NOTE',
      'DELETE_NOTE',
    ],
  ],
  ['StepLocationRelativeToParent', StepLocationRelativeToParent, ['AFTER', 'INSIDE_LOOP', 'INSIDE_BRANCH']],
  ['SampleDataType', SampleDataType, ['INPUT', 'OUTPUT']],
  [
    'FlowRunStatus (11)',
    FlowRunStatus,
    [
      'FAILED',
      'QUOTA_EXCEEDED',
      'INTERNAL_ERROR',
      'PAUSED',
      'QUEUED',
      'RUNNING',
      'SUCCEEDED',
      'MEMORY_LIMIT_EXCEEDED',
      'TIMEOUT',
      'CANCELED',
      'LOG_SIZE_EXCEEDED',
    ],
  ],
  ['RunEnvironment', RunEnvironment, ['PRODUCTION', 'TESTING']],
  ['StepOutputStatus', StepOutputStatus, ['SUCCEEDED', 'FAILED', 'PAUSED', 'RUNNING']],
  ['FlowRetryStrategy', FlowRetryStrategy, ['FROM_FAILED_STEP', 'ON_LATEST_VERSION']],
  [
    'AppConnectionType (7)',
    AppConnectionType,
    ['OAUTH2', 'PLATFORM_OAUTH2', 'CLOUD_OAUTH2', 'SECRET_TEXT', 'BASIC_AUTH', 'CUSTOM_AUTH', 'NO_AUTH'],
  ],
  ['AppConnectionScope', AppConnectionScope, ['PROJECT', 'PLATFORM']],
  ['AppConnectionStatus', AppConnectionStatus, ['ACTIVE', 'MISSING', 'ERROR']],
  ['ProjectType', ProjectType, ['TEAM', 'PERSONAL']],
  [
    'ProjectIconColor (12)',
    ProjectIconColor,
    [
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
    ],
  ],
  ['PiecesFilterType', PiecesFilterType, ['NONE', 'ALLOWED']],
  ['UserStatus', UserStatus, ['ACTIVE', 'INACTIVE']],
  ['PlatformRole', PlatformRole, ['ADMIN', 'MEMBER', 'OPERATOR']],
  ['InvitationStatus', InvitationStatus, ['PENDING', 'ACCEPTED']],
  ['InvitationType', InvitationType, ['PLATFORM', 'PROJECT']],
  ['TemplateType', TemplateType, ['OFFICIAL', 'SHARED', 'CUSTOM']],
  ['TemplateStatus', TemplateStatus, ['PUBLISHED', 'ARCHIVED']],
  ['TableDataType', TableDataType, ['CSV']],
  ['RecordFilterOperator', RecordFilterOperator, ['eq', 'neq', 'co', 'gt', 'gte', 'lt', 'lte']],
  ['UserSignedUpSource', UserSignedUpSource, ['credentials', 'sso', 'managed']],
  // Activepieces names client_secret_basic and none; RFC 7591's client_secret_post is accepted too.
  ['TokenEndpointAuthMethod', TokenEndpointAuthMethod, ['client_secret_basic', 'client_secret_post', 'none']],
  [
    'AuditEventAction (23 of the spec, then 3 security events of our own)',
    AuditEventAction,
    [
      'flow.created',
      'flow.updated',
      'flow.deleted',
      'flow.published',
      'flow.activated',
      'flow.deactivated',
      'connection.upserted',
      'connection.deleted',
      'folder.created',
      'folder.updated',
      'folder.deleted',
      'flow.run.started',
      'flow.run.finished',
      'flow.run.retried',
      'user.signed.up',
      'user.signed.in',
      'user.password.reset',
      'user.email.verified',
      'signing.key.created',
      'project.role.created',
      'project.role.updated',
      'project.role.deleted',
      'project.release.created',
      'api.key.created',
      'api.key.deleted',
      'user.sign.in.failed',
      'stuck.runs.ended',
    ],
  ],
  ['TriggerStrategy', TriggerStrategy, ['WEBHOOK', 'POLLING', 'APP_WEBHOOK', 'MANUAL']],
  [
    'PropertyType',
    PropertyType,
    [
      'SHORT_TEXT',
      'LONG_TEXT',
      'MARKDOWN',
      'NUMBER',
      'CHECKBOX',
      'DATE_TIME',
      'COLOR',
      'JSON',
      'OBJECT',
      'ARRAY',
      'STATIC_DROPDOWN',
      'STATIC_MULTI_SELECT_DROPDOWN',
      'DROPDOWN',
      'MULTI_SELECT_DROPDOWN',
      'DYNAMIC',
      'FILE',
      'CUSTOM',
    ],
  ],
];

/** The value with its letter case flipped: `ENABLED` -> `enabled`, `orange` -> `ORANGE`. */
function flipCase(value: string): string {
  return value === value.toLowerCase() ? value.toUpperCase() : value.toLowerCase();
}

describe('the enums of the spec', () => {
  it.each(SPEC_ENUMS)('%s has exactly the Activepieces values, in order', (_, schema, values) => {
    expect(schema.options).toEqual(values);
    expect(new Set(values).size).toBe(values.length);
  });

  it.each(SPEC_ENUMS)('%s accepts every Activepieces value', (_, schema, values) => {
    for (const value of values) {
      expect(schema.safeParse(value)).toEqual({ success: true, data: value });
    }
  });

  it.each(SPEC_ENUMS)('%s rejects near-misses', (_, schema, values) => {
    const nearMisses = [
      ...values.map(flipCase),
      ...values.map((value) => ` ${value}`),
      'UNKNOWN_VALUE',
      '',
      null,
      42,
    ];
    for (const nearMiss of nearMisses) {
      expect(schema.safeParse(nearMiss).success, `${String(nearMiss)} must be rejected`).toBe(false);
    }
  });
});
