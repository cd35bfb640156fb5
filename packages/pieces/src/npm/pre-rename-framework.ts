import type {
  ActionDefinition,
  PiecePropertyDefinition,
  TriggerDefinition,
} from '../framework/piece-definition';
import type { PieceExport } from './load-piece-module';

/**
 * The framework the first published pieces were built on (version 0.2.0, early 2023), before it
 * was renamed `@activepieces/pieces-framework`. On this machine's registry 24
 * `@activepieces/piece-*` packages exist only in a version built on it (gmail, google-sheets,
 * hubspot, stripe, ... all at 0.2.0). The piece host runs them through
 * `adaptPreRenamePiece`.
 */
export const PRE_RENAME_FRAMEWORK = '@activepieces/framework';

/** The prop types that carried a piece's credentials before pieces had a piece-level `auth`. */
const AUTH_PROP_TYPES: ReadonlySet<string> = new Set(['OAUTH2', 'SECRET_TEXT', 'BASIC_AUTH']);

/**
 * True when a package is built on the pre-rename `@activepieces/framework` (it lists it among
 * its dependencies or peer dependencies). Such packages load and run in the piece host, adapted:
 * nothing needs marking unavailable for it; see docs/pieces.md, "Pieces built on the pre-rename
 * framework", for what differs.
 */
export function usesPreRenameFramework(packageJson: {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}): boolean {
  return (
    packageJson.dependencies?.[PRE_RENAME_FRAMEWORK] !== undefined ||
    packageJson.peerDependencies?.[PRE_RENAME_FRAMEWORK] !== undefined
  );
}

/** A prop as framework 0.2.0 declares it (`Property.ShortText(...)`, `Property.OAuth2(...)`, ...). */
type PreRenameProp = PiecePropertyDefinition & {
  refreshers?: unknown;
  options?: unknown;
  props?: unknown;
};

/** An action of framework 0.2.0: `run({propsValue, store, connections})`; no `requireAuth`. */
interface PreRenameAction {
  name: string;
  displayName: string;
  description?: string;
  props?: Record<string, PreRenameProp>;
  sampleData?: unknown;
  run(ctx: unknown): Promise<unknown>;
}

/** A trigger of framework 0.2.0: `type` POLLING, WEBHOOK or APP_WEBHOOK, four hooks. */
interface PreRenameTrigger {
  name: string;
  displayName: string;
  description?: string;
  props?: Record<string, PreRenameProp>;
  type: TriggerDefinition['type'];
  sampleData?: unknown;
  onEnable?(ctx: unknown): Promise<unknown>;
  onDisable?(ctx: unknown): Promise<unknown>;
  run(ctx: unknown): Promise<unknown[]>;
  test?(ctx: unknown): Promise<unknown>;
}

/**
 * The `Piece` of framework 0.2.0: `name` (short: `gmail`), labels, `version`, `events`, and its
 * actions and triggers as plain maps `_actions` / `_triggers` (read with `getAction(name)`,
 * `metadata()`). No `actions()` / `triggers()` functions, no `auth`, no categories, no context
 * version.
 */
export interface PreRenamePiece {
  name?: string;
  displayName: string;
  description?: string;
  logoUrl?: string;
  authors?: string[];
  version?: string;
  events?: unknown;
  _actions: Record<string, PreRenameAction>;
  _triggers: Record<string, PreRenameTrigger>;
}

/** True for a framework-0.2.0 piece object (plain `_actions` / `_triggers`, no `actions()`). */
export function isPreRenamePiece(value: unknown): value is PreRenamePiece {
  if (typeof value !== 'object' || value === null) return false;
  const piece = value as Record<string, unknown>;
  return (
    typeof piece.displayName === 'string' &&
    typeof piece.actions !== 'function' &&
    isRecord(piece._actions) &&
    isRecord(piece._triggers)
  );
}

/**
 * Turns a framework-0.2.0 piece into what the loader expects of a piece export: `actions()` and
 * `triggers()` functions and a piece-level `auth`. The contract differences it bridges:
 *
 * - **Credentials.** 0.2.0 has no piece-level auth: each action or trigger declares its
 *   credentials as an ordinary prop of type OAUTH2, SECRET_TEXT or BASIC_AUTH (usually
 *   `authentication`), whose value was the resolved connection. That prop becomes the piece's
 *   `auth` (one declaration, or a list when steps declare different ones), is removed from the
 *   step's props (`requireAuth` is true exactly for the steps that had one) and is put back into
 *   `propsValue` under its own key on every call, in the 0.2.0 shape: an OAuth2 connection value as
 *   it is (`access_token`, `data`, ...), a secret text as the bare string, a basic auth as
 *   `{username, password}`.
 * - **Dropdowns and dynamic props.** `options(propsValue)` / `props(propsValue)` read the
 *   credentials from `propsValue[key]` too: they get the connection there, and the key is removed
 *   from `refreshers` (the builder refreshes on the connection anyway).
 * - **Contexts.** 0.2.0's `run` gets `{propsValue, store, connections}` and trigger hooks
 *   `{propsValue, store, webhookUrl, payload, app}`: subsets of today's contexts, which they get
 *   (its store scopes COLLECTION and FLOW are both served). Functions are called with their own
 *   action or trigger as `this`.
 * - **Trigger tests.** 0.2.0 gives a trigger without `test` one that resolves nothing; it is
 *   dropped, so testing such a trigger calls `run` (in test mode), as for today's pieces.
 */
export function adaptPreRenamePiece(piece: PreRenamePiece): PieceExport {
  const actions = Object.values(piece._actions).map(adaptAction);
  const triggers = Object.values(piece._triggers).map(adaptTrigger);
  const auth = pieceAuthOf([...Object.values(piece._actions), ...Object.values(piece._triggers)]);
  return {
    displayName: piece.displayName,
    description: piece.description ?? '',
    logoUrl: piece.logoUrl ?? '',
    authors: piece.authors ?? [],
    ...(auth ? { auth } : {}),
    ...(piece.events !== undefined ? { events: piece.events } : {}),
    actions: () => Object.fromEntries(actions.map((action) => [action.name, action])),
    triggers: () => Object.fromEntries(triggers.map((trigger) => [trigger.name, trigger])),
  };
}

/** The key of a step's credentials prop (the first OAUTH2, SECRET_TEXT or BASIC_AUTH prop), if any. */
function authKeyOf(props: Record<string, PreRenameProp> | undefined): string | undefined {
  return Object.entries(props ?? {}).find(([, prop]) => AUTH_PROP_TYPES.has(prop?.type))?.[0];
}

/**
 * The piece-level auth made of the steps' credentials props: the prop declaration itself (its
 * `type`, labels, OAuth2 `authUrl` / `tokenUrl` / `scope` / `props` are what a piece auth has),
 * required, one entry per different declaration.
 */
function pieceAuthOf(
  steps: ReadonlyArray<{ props?: Record<string, PreRenameProp> }>,
): Record<string, unknown> | Record<string, unknown>[] | undefined {
  const declarations = new Map<string, Record<string, unknown>>();
  for (const step of steps) {
    const key = authKeyOf(step.props);
    if (key === undefined) continue;
    const { valueSchema: _valueSchema, ...declaration } = step.props![key]! as Record<string, unknown>;
    const auth = { ...declaration, required: true };
    const signature = JSON.stringify(auth);
    if (!declarations.has(signature)) declarations.set(signature, auth);
  }
  const list = [...declarations.values()];
  return list.length === 0 ? undefined : list.length === 1 ? list[0] : list;
}

/** The connection as 0.2.0 code reads it from its credentials prop. */
export function preRenameAuthValue(auth: unknown): unknown {
  if (!isRecord(auth)) return auth;
  if (auth.type === 'SECRET_TEXT') return auth.secret_text;
  if (auth.type === 'CUSTOM_AUTH') return auth.props;
  return auth;
}

/** `ctx` with the connection (`ctx.auth`) put back into `propsValue[authKey]`. */
function withAuthProp(ctx: unknown, authKey: string | undefined): unknown {
  if (authKey === undefined || !isRecord(ctx)) return ctx;
  const propsValue = isRecord(ctx.propsValue) ? ctx.propsValue : {};
  return { ...ctx, propsValue: { ...propsValue, [authKey]: preRenameAuthValue(ctx.auth) } };
}

/** The step's props without its credentials prop; dropdowns and dynamic props get the connection. */
function adaptProps(
  props: Record<string, PreRenameProp> | undefined,
  authKey: string | undefined,
): Record<string, PiecePropertyDefinition> {
  return Object.fromEntries(
    Object.entries(props ?? {})
      .filter(([key]) => key !== authKey)
      .map(([key, prop]) => [key, adaptProp(prop, authKey)]),
  );
}

function adaptProp(prop: PreRenameProp, authKey: string | undefined): PiecePropertyDefinition {
  if (authKey === undefined) return prop;
  const adapted: PreRenameProp = { ...prop };
  if (Array.isArray(prop.refreshers))
    adapted.refreshers = prop.refreshers.filter((refresher) => refresher !== authKey);
  for (const field of ['options', 'props'] as const) {
    const compute = prop[field];
    if (typeof compute !== 'function') continue;
    adapted[field] = function (this: unknown, input: unknown, context: unknown) {
      const values = isRecord(input) ? input : {};
      const { auth, ...rest } = values;
      return (compute as (input: unknown, context: unknown) => unknown).call(
        prop,
        { ...rest, [authKey]: preRenameAuthValue(auth) },
        context,
      );
    };
  }
  return adapted;
}

function adaptAction(action: PreRenameAction): ActionDefinition {
  const authKey = authKeyOf(action.props);
  return {
    name: action.name,
    displayName: action.displayName,
    description: action.description ?? '',
    props: adaptProps(action.props, authKey),
    requireAuth: authKey !== undefined,
    ...(action.sampleData !== undefined ? { sampleData: action.sampleData } : {}),
    run: (ctx) => action.run.call(action, withAuthProp(ctx, authKey)),
  } as ActionDefinition;
}

/** The framework's stand-in for a missing `test` hook: `() => Promise.resolve()`. */
function isNoOpTest(test: unknown): boolean {
  return typeof test === 'function' && /^\(\)\s*=>\s*Promise\.resolve\(\)$/.test(String(test).trim());
}

function adaptTrigger(trigger: PreRenameTrigger): TriggerDefinition {
  const authKey = authKeyOf(trigger.props);
  const hook =
    (name: 'onEnable' | 'onDisable' | 'run' | 'test') =>
    (ctx: unknown): Promise<never> =>
      (trigger[name] as (ctx: unknown) => Promise<never>).call(trigger, withAuthProp(ctx, authKey));
  const has = (name: 'onEnable' | 'onDisable' | 'test') => typeof trigger[name] === 'function';
  return {
    name: trigger.name,
    displayName: trigger.displayName,
    description: trigger.description ?? '',
    props: adaptProps(trigger.props, authKey),
    type: trigger.type,
    ...(trigger.sampleData !== undefined ? { sampleData: trigger.sampleData } : {}),
    requireAuth: authKey !== undefined,
    ...(has('onEnable') ? { onEnable: hook('onEnable') } : {}),
    ...(has('onDisable') ? { onDisable: hook('onDisable') } : {}),
    run: hook('run'),
    ...(has('test') && !isNoOpTest(trigger.test) ? { test: hook('test') } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
