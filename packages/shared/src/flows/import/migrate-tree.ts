import { StepType } from '../step';
import { readCodeArtifact, type ArtifactBudget } from './code-artifact';
import { migrateConditions } from './migrate-conditions';
import { isRecord, refuse } from './import-refusal';

type Json = Record<string, unknown>;

/** The names already used in the flow, so steps the migration adds get fresh `step_N` names. */
export class MigrationNames {
  private readonly used = new Set<string>();
  constructor(trigger: unknown) {
    collectNames(trigger, this.used);
  }
  /** A `step_N` name not used yet (N one more than the highest in use). */
  fresh(): string {
    let n = 1;
    for (const used of this.used) {
      const match = /^step_(\d+)$/.exec(used);
      if (match) n = Math.max(n, Number(match[1]) + 1);
    }
    const name = `step_${n}`;
    this.used.add(name);
    return name;
  }
}

/** What the migration of one export carries down each step tree. */
export interface MigrationContext {
  /** The names used in the flow being migrated. */
  readonly names: MigrationNames;
  /** What the export's code artifacts may still inflate to. */
  readonly artifacts: ArtifactBudget;
}

function collectNames(step: unknown, into: Set<string>): void {
  if (!isRecord(step)) return;
  if (typeof step.name === 'string') into.add(step.name);
  for (const key of ['nextAction', 'firstLoopAction', 'onSuccessAction', 'onFailureAction'])
    collectNames(step[key], into);
  if (Array.isArray(step.children)) for (const child of step.children) collectNames(child, into);
  if (isRecord(step.continueOnFailureBranches))
    for (const branch of Object.values(step.continueOnFailureBranches)) collectNames(branch, into);
}

/** `{retryOnFailure: true}` (old) or `{retryOnFailure: {value: true}}` (today) as today's form. */
function migrateErrorHandling(raw: unknown): unknown {
  if (!isRecord(raw)) return undefined;
  const flag = (value: unknown) => (typeof value === 'boolean' ? { value } : value);
  const out: Json = {};
  if (raw.continueOnFailure !== undefined) out.continueOnFailure = flag(raw.continueOnFailure);
  if (raw.retryOnFailure !== undefined) out.retryOnFailure = flag(raw.retryOnFailure);
  return out;
}

/** Settings keys of old exports that the current model does not have (UI state, sample data). */
const DROPPED_SETTINGS = ['inputUiInfo', 'packageType', 'pieceType', 'sampleData', 'sampleDataSettings'];

function baseSettings(settings: Json): Json {
  const out: Json = { ...settings };
  for (const key of DROPPED_SETTINGS) delete out[key];
  return out;
}

function pieceSettings(settings: Json): Json {
  return {
    ...baseSettings(settings),
    propertySettings: isRecord(settings.propertySettings) ? settings.propertySettings : {},
    input: isRecord(settings.input) ? settings.input : {},
  };
}

function codeSettings(settings: Json, path: string, artifacts: ArtifactBudget): Json {
  if (settings.artifactPackagedId !== undefined)
    refuse('FORMAT_2022', 'a CODE step points to a 2022 packaged artifact (artifactPackagedId)', path);
  const { artifact, ...rest } = baseSettings(settings);
  const input = isRecord(settings.input) ? settings.input : {};
  const source = settings.sourceCode;
  if (isRecord(source) && typeof source.code === 'string') {
    const packageJson = typeof source.packageJson === 'string' ? source.packageJson : '{}';
    return { ...rest, sourceCode: { code: source.code, packageJson }, input };
  }
  if (typeof artifact === 'string') {
    const read = readCodeArtifact(artifact, artifacts);
    if (!read.ok)
      refuse(
        'CODE_ARTIFACT',
        `a CODE step's artifact cannot be read (${read.reason}); it should be a base64 ZIP archive of index.ts and package.json`,
        path,
      );
    return { ...rest, sourceCode: { code: read.code, packageJson: read.packageJson }, input };
  }
  if (artifact !== undefined)
    refuse('CODE_ARTIFACT', "a CODE step's artifact is not base64 text of a ZIP archive", path);
  return { ...rest, input };
}

/** Fields every step keeps: name, display name (the name when missing), valid, skip. */
function common(raw: Json): Json {
  return {
    name: raw.name,
    displayName: typeof raw.displayName === 'string' ? raw.displayName : raw.name,
    valid: typeof raw.valid === 'boolean' ? raw.valid : true,
    ...(typeof raw.skip === 'boolean' ? { skip: raw.skip } : {}),
  };
}

/**
 * One exported step and the chain after it in today's model: missing `propertySettings` /
 * `input` filled in, UI-only keys dropped, old BRANCH steps turned into two-branch routers,
 * `continueOnFailureBranches` turned into a router on the step's error, a legacy code `artifact`
 * read into `sourceCode`. Refuses step types no Activepieces release has and code artifacts that
 * cannot be read.
 */
export function migrateStep(raw: unknown, path: string, context: MigrationContext): Json | null {
  if (raw === null || raw === undefined) return null;
  if (!isRecord(raw)) refuse('INVALID_FLOW', `${path} is not a step object`, path);
  const settings = isRecord(raw.settings) ? raw.settings : {};
  const next = () => migrateStep(raw.nextAction, `${path}.nextAction`, context);
  let step: Json;
  switch (raw.type) {
    case StepType.enum.PIECE:
      step = { ...common(raw), type: raw.type, settings: withErrors(pieceSettings(settings), settings) };
      break;
    case StepType.enum.CODE:
      step = {
        ...common(raw),
        type: raw.type,
        settings: withErrors(codeSettings(settings, path, context.artifacts), settings),
      };
      break;
    case StepType.enum.LOOP_ON_ITEMS:
      step = {
        ...common(raw),
        type: raw.type,
        settings: {
          ...baseSettings(settings),
          items: typeof settings.items === 'string' ? settings.items : '',
        },
        firstLoopAction: migrateStep(raw.firstLoopAction, `${path}.firstLoopAction`, context),
      };
      break;
    case StepType.enum.ROUTER: {
      const branches = Array.isArray(settings.branches) ? settings.branches : [];
      step = {
        ...common(raw),
        type: raw.type,
        settings: {
          ...baseSettings(settings),
          branches: branches.map((branch: unknown) =>
            isRecord(branch) && branch.branchType === 'CONDITION'
              ? { ...branch, conditions: migrateConditions(branch.conditions) }
              : branch,
          ),
        },
        children: (Array.isArray(raw.children) ? raw.children : []).map((child: unknown, i: number) =>
          migrateStep(child, `${path}.children.${i}`, context),
        ),
      };
      break;
    }
    case 'BRANCH':
      step = {
        ...common(raw),
        type: StepType.enum.ROUTER,
        settings: {
          executionType: 'EXECUTE_FIRST_MATCH',
          branches: [
            {
              branchType: 'CONDITION',
              branchName: 'On success',
              conditions: migrateConditions(settings.conditions),
            },
            { branchType: 'FALLBACK', branchName: 'Otherwise' },
          ],
        },
        children: [
          migrateStep(raw.onSuccessAction, `${path}.onSuccessAction`, context),
          migrateStep(raw.onFailureAction, `${path}.onFailureAction`, context),
        ],
      };
      break;
    default:
      return refuse(
        'UNKNOWN_STEP_TYPE',
        `step '${String(raw.name)}' has type '${String(raw.type)}', which no Activepieces release has ` +
          '(a fork-only format); it cannot be imported',
        path,
      );
  }
  return withFailureBranches(step, raw, path, context, next());
}

function withErrors(out: Json, settings: Json): Json {
  const options = migrateErrorHandling(settings.errorHandlingOptions);
  if (options === undefined) delete out.errorHandlingOptions;
  else out.errorHandlingOptions = options;
  return out;
}

/**
 * `continueOnFailureBranches: {onFailure, onSuccess}` (schema 23): the step continues on failure
 * and is followed by a router whose first branch runs when the step has an error, the fallback
 * otherwise; the step's own `nextAction` follows the router.
 */
function withFailureBranches(
  step: Json,
  raw: Json,
  path: string,
  context: MigrationContext,
  next: Json | null,
): Json {
  const branches = raw.continueOnFailureBranches;
  if (!isRecord(branches)) return { ...step, nextAction: next };
  const settings = step.settings as Json;
  const errors = isRecord(settings.errorHandlingOptions) ? settings.errorHandlingOptions : {};
  const router: Json = {
    name: context.names.fresh(),
    displayName: `On failure of ${String(step.displayName)}`,
    valid: true,
    type: StepType.enum.ROUTER,
    settings: {
      executionType: 'EXECUTE_FIRST_MATCH',
      branches: [
        {
          branchType: 'CONDITION',
          branchName: 'On failure',
          conditions: [[{ operator: 'EXISTS', firstValue: `{{${String(step.name)}['error']}}` }]],
        },
        { branchType: 'FALLBACK', branchName: 'On success' },
      ],
    },
    children: [
      migrateStep(branches.onFailure, `${path}.continueOnFailureBranches.onFailure`, context),
      migrateStep(branches.onSuccess, `${path}.continueOnFailureBranches.onSuccess`, context),
    ],
    nextAction: next,
  };
  return {
    ...step,
    settings: { ...settings, errorHandlingOptions: { ...errors, continueOnFailure: { value: true } } },
    nextAction: router,
  };
}
