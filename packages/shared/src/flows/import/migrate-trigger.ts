import { TriggerType } from '../trigger';
import type { ArtifactBudget } from './code-artifact';
import { isRecord, refuse } from './import-refusal';
import { MigrationNames, migrateStep } from './migrate-tree';

type Json = Record<string, unknown>;

/**
 * What the pre-2024 trigger type `WEBHOOK` became: the webhook piece's catch-all trigger
 * (the version Piecework ships built in), with no authentication, as the old trigger had.
 */
export const LEGACY_WEBHOOK_TRIGGER_SETTINGS = {
  pieceName: '@activepieces/piece-webhook',
  pieceVersion: '0.1.29',
  triggerName: 'catch_webhook',
  propertySettings: {},
  input: { authType: 'none' },
} as const;

function triggerSettings(settings: Json): Json {
  const { inputUiInfo: _ui, packageType: _p, pieceType: _t, sampleData: _s, ...rest } = settings;
  return {
    ...rest,
    propertySettings: isRecord(settings.propertySettings) ? settings.propertySettings : {},
    input: isRecord(settings.input) ? settings.input : {},
  };
}

/**
 * An exported trigger and its whole step tree in today's model: `WEBHOOK` becomes the webhook
 * piece's `catch_webhook`, a piece trigger gets missing `propertySettings` / `input`, UI-only
 * keys and instance-bound sample data are dropped, and every step goes through `migrateStep`
 * (code artifacts inflating within `artifacts`).
 */
export function migrateTrigger(raw: unknown, path: string, artifacts: ArtifactBudget): Json {
  if (!isRecord(raw)) return refuse('INVALID_FLOW', `${path} is not a trigger object`, path);
  const context = { names: new MigrationNames(raw), artifacts };
  const settings = isRecord(raw.settings) ? raw.settings : {};
  const common = {
    name: raw.name,
    displayName: typeof raw.displayName === 'string' ? raw.displayName : raw.name,
    valid: typeof raw.valid === 'boolean' ? raw.valid : true,
    nextAction: migrateStep(raw.nextAction, `${path}.nextAction`, context),
  };
  switch (raw.type) {
    case 'WEBHOOK':
      return {
        ...common,
        type: TriggerType.enum.PIECE_TRIGGER,
        settings: { ...LEGACY_WEBHOOK_TRIGGER_SETTINGS },
      };
    case TriggerType.enum.PIECE_TRIGGER:
      return { ...common, type: raw.type, settings: triggerSettings(settings) };
    case TriggerType.enum.EMPTY:
      return { ...common, type: raw.type, valid: false, settings: {} };
    default:
      return refuse(
        'UNKNOWN_STEP_TYPE',
        `the trigger has type '${String(raw.type)}', which cannot be imported`,
        path,
      );
  }
}
