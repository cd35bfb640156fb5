/**
 * `npm run pieces:probe`: how far each `@activepieces/piece-*` package of the registry gets in
 * Piecework, one line a package and totals. Not run by CI or the test suite (it installs every
 * package: a long run that needs the registry).
 *
 * Each package ends in exactly one of three states:
 *
 * - **explained**: it could not be taken, and the line says why: the registry lookup or
 *   `npm install` failed, the piece host could not load it (e.g. built on the pre-rename
 *   `@activepieces/framework`), its metadata does not match the `PieceMetadata` schema, or it took
 *   longer than the deadline. Same reasons as the snapshot's `unavailable` list.
 * - **accepted**: installed with the server's `installPiece` and its metadata loaded in the
 *   isolated piece host (`NpmPieceHost.metadata`) and valid against `PieceMetadata`, but no call
 *   below got into the piece's own code (the line says what was tried and how it ended).
 * - **run**: accepted, and one call through the host (`NpmPieceHost.runAction`, or
 *   `runTrigger` with the `onEnable` hook) got into the piece's own `run` / `onEnable` code, in
 *   one of two ways, counted apart:
 *   - *completed*: the call ended SUCCEEDED, PAUSED or STOPPED;
 *   - *reached its API*: the props and the connection passed the host's props pipeline, and the
 *     piece's code then failed on an outbound request this machine cannot make (the host's
 *     failure message names a network cause: a DNS failure, a refused or reset connection, a
 *     timeout or an SSRF block). This shows the piece's code ran in the host up to its first
 *     request; it says nothing about whether the request or the answer's handling would work.
 *   A failure that is the props pipeline refusing the made-up input, a crash, a timeout or an
 *   error without a network cause is not a run.
 *
 * How a call is chosen: actions first, those that need no connection (`requireAuth: false`, or a
 * piece without auth) before the others, then the fewest required props; up to three actions are
 * tried until one completes, then (if none completed) one trigger's `onEnable`. Required props
 * without a default get made-up values by type (text `probe`, number 1, checkbox false, the first
 * option of a static dropdown, `{}` for JSON, OBJECT and DYNAMIC (with an empty schema, so its
 * `props()` is not called), `[]` for ARRAY, now for DATE_TIME, a 1x1 PNG data URI for FILE); a
 * step with a prop of another type is skipped. Steps that need a connection are called only with
 * `--placeholder-auth`: then they get a made-up connection of the piece's auth type (secret
 * `probe-secret`, an OAuth2 access token `probe-token`, ...). Those calls go to the services' real
 * APIs when the machine has a network: use that flag only where the network reaches the registry
 * alone (their requests then fail at DNS) or where a refused placeholder credential is harmless.
 * The services (store, files, connections) are in memory; nothing is allow-listed past the SSRF
 * filter.
 *
 * Installs are reused: a package with a version already installed in the pieces directory (by
 * `scripts/generate-pieces-snapshot.ts`, same default directory) is probed at its newest
 * installed version without asking the registry; others are looked up and installed as the
 * snapshot does. Options: those of the snapshot script (`--pieces-dir`, `--names-file`, `--only`,
 * `--concurrency`, `--timeout-seconds`), `--placeholder-auth`, and `--json FILE` to write every
 * package's result.
 *
 * Run: `npm run pieces:probe -- --placeholder-auth [--names-file FILE]`
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { PieceRunOutcome } from '../packages/engine/src/index';
import {
  compareVersions,
  listInstalledPieces,
  type NpmPieceHost,
  type PieceServices,
} from '../packages/pieces/src/index';
import type { ActionRunRequest, TriggerRunOutcome } from '../packages/pieces/src/triggers/trigger-request';
import type { PieceMetadata } from '../packages/shared/src/index';
import {
  createHost,
  listPieceNames,
  loadPiece,
  mapBounded,
  npmRegistry,
  parseOptions,
  readManifest,
  schemaProblem,
  sentence,
  usePrivateNpmCache,
  type PieceOutcome,
} from './generate-pieces-snapshot';

/** The three states of a package (see the module comment). */
type State = 'explained' | 'accepted' | 'run';

/** One package's result. */
interface ProbeResult {
  name: string;
  version: string;
  state: State;
  /** For `run`: completed, or reached its API. */
  how?: 'completed' | 'reached its API';
  /** For `explained`: the group it is counted in (e.g. `built on @activepieces/framework 0.2.0`). */
  group?: string;
  detail: string;
}

type Props = Record<string, Record<string, unknown>>;
type Step = { name: string; props?: Props; requireAuth?: boolean };

const PNG_1x1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A network cause in a failure message (see `withNetworkCauses` in the piece host). */
const NETWORK_CAUSE =
  /getaddrinfo|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|EPIPE|socket hang up|blocked|fetch failed/i;

const NOW = Date.parse('2026-01-01T00:00:00.000Z');

/** A made-up value for a prop of this type, or `undefined` when none can be made. */
function placeholderValue(key: string, property: Record<string, unknown>): { value: unknown } | undefined {
  const firstOption = () => {
    const options = (property.options as { options?: { value: unknown }[] } | undefined)?.options;
    return options?.[0]?.value;
  };
  switch (property.type) {
    case 'SHORT_TEXT':
    case 'LONG_TEXT':
      return {
        value: /mail/i.test(key)
          ? 'probe@example.com'
          : /url|link/i.test(key)
            ? 'https://example.com/'
            : 'probe',
      };
    case 'NUMBER':
      return { value: 1 };
    case 'CHECKBOX':
      return { value: false };
    case 'STATIC_DROPDOWN':
      return firstOption() === undefined ? undefined : { value: firstOption() };
    case 'STATIC_MULTI_SELECT_DROPDOWN':
      return firstOption() === undefined ? undefined : { value: [firstOption()] };
    case 'DROPDOWN':
      return { value: 'probe' };
    case 'MULTI_SELECT_DROPDOWN':
      return { value: ['probe'] };
    case 'JSON':
    case 'OBJECT':
    case 'DYNAMIC':
      return { value: {} };
    case 'ARRAY':
      return { value: [] };
    case 'DATE_TIME':
      return { value: new Date(NOW).toISOString() };
    case 'FILE':
      return { value: PNG_1x1 };
    default:
      return undefined;
  }
}

/** Made-up input for a step's required props, with empty schemas for its DYNAMIC ones; or why not. */
function placeholderInput(
  props: Props,
): { input: Record<string, unknown>; propertySettings: Record<string, unknown> } | { skip: string } {
  const input: Record<string, unknown> = {};
  const propertySettings: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(props)) {
    if (property.type === 'DYNAMIC') propertySettings[key] = { schema: {} };
    if (property.required !== true || property.defaultValue !== undefined) continue;
    const made = placeholderValue(key, property);
    if (!made) return { skip: `required prop ${key} is ${String(property.type)}` };
    input[key] = made.value;
  }
  return { input, propertySettings };
}

/** A made-up connection value for the piece's auth (its first variant). */
function placeholderAuth(auth: unknown): unknown {
  const declaration = (Array.isArray(auth) ? auth[0] : auth) as Record<string, unknown> | undefined;
  if (!declaration) return undefined;
  const props = (declaration.props ?? {}) as Props;
  const made = placeholderInput(props);
  const authProps = 'input' in made ? made.input : {};
  switch (declaration.type) {
    case 'SECRET_TEXT':
      return { type: 'SECRET_TEXT', secret_text: 'probe-secret' };
    case 'BASIC_AUTH':
      return { type: 'BASIC_AUTH', username: 'probe', password: 'probe-secret' };
    case 'CUSTOM_AUTH':
      return { type: 'CUSTOM_AUTH', props: authProps };
    case 'OAUTH2':
    case 'CLOUD_OAUTH2':
    case 'PLATFORM_OAUTH2':
      return {
        type: 'OAUTH2',
        access_token: 'probe-token',
        refresh_token: 'probe-refresh',
        token_type: 'Bearer',
        expires_in: 3600,
        claimed_at: Math.floor(NOW / 1000),
        scope: '',
        data: {},
        props: authProps,
      };
    default:
      return undefined;
  }
}

/** In-memory services for the probe's calls. */
function probeServices(): PieceServices {
  const entries = new Map<string, unknown>();
  const files = new Map<string, string>();
  return {
    store: {
      get: async (name, scope) => entries.get(`${scope}:${name}`),
      put: async (name, value, scope) => void entries.set(`${scope}:${name}`, value),
      delete: async (name, scope) => void entries.delete(`${scope}:${name}`),
    },
    files: {
      save: async (content) => {
        const id = `file-${files.size + 1}`;
        files.set(id, content);
        return id;
      },
      load: async (id) => files.get(id) ?? '',
    },
    connections: { get: async () => null },
    urls: { apiUrl: 'http://localhost:3000/api/', publicUrl: 'http://localhost:3000/' },
    ssrfAllowList: [],
    now: () => Date.now(),
  };
}

const RUN = {
  id: 'probe_run',
  flowId: 'probe_flow',
  flowVersionId: 'probe_version',
  projectId: 'probe_project',
  environment: 'TESTING' as const,
};

/** True when a FAILED message is the props pipeline refusing the input (a JSON map of prop errors). */
function isPropsRefusal(message: string, step: Step): boolean {
  if (!message.startsWith('{')) return false;
  // The JSON may be followed by the network causes the host adds: try each closing brace from the end.
  for (let end = message.lastIndexOf('}'); end > 0; end = message.lastIndexOf('}', end - 1)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message.slice(0, end + 1));
    } catch {
      continue;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false;
    const known = new Set([...Object.keys(step.props ?? {}), 'auth']);
    return Object.keys(parsed).every((key) => known.has(key));
  }
  return false;
}

/** How a call ended, as the probe counts it. */
type CallVerdict = { kind: 'completed' | 'reached its API' | 'no'; detail: string };

function verdictOf(outcome: PieceRunOutcome | TriggerRunOutcome, step: Step, what: string): CallVerdict {
  if (outcome.status !== 'FAILED') return { kind: 'completed', detail: `${what}: ${outcome.status}` };
  const message = outcome.message.replace(/\s+/g, ' ');
  const short = message.length > 160 ? `${message.slice(0, 157)}...` : message;
  if (isPropsRefusal(message, step)) return { kind: 'no', detail: `${what}: props refused: ${short}` };
  if (/timed out after|crashed:|was aborted/.test(message))
    return { kind: 'no', detail: `${what}: ${short}` };
  if (NETWORK_CAUSE.test(message))
    return { kind: 'reached its API', detail: `${what}: failed on the network: ${short}` };
  return { kind: 'no', detail: `${what}: FAILED: ${short}` };
}

/** Tries actions, then a trigger's onEnable, of an accepted piece (see the module comment). */
async function tryCalls(
  metadata: PieceMetadata,
  host: NpmPieceHost,
  placeholderAuthOn: boolean,
): Promise<CallVerdict> {
  const needsAuth = (step: Step) => metadata.auth !== undefined && step.requireAuth !== false;
  const required = (step: Step) =>
    Object.values(step.props ?? {}).filter((p) => p.required === true && p.defaultValue === undefined).length;
  const order = (a: Step, b: Step) =>
    Number(needsAuth(a)) - Number(needsAuth(b)) || required(a) - required(b) || a.name.localeCompare(b.name);
  const usable = (step: Step) => placeholderAuthOn || !needsAuth(step);
  const actions = (Object.values(metadata.actions) as Step[]).filter(usable).sort(order);
  const triggers = (Object.values(metadata.triggers) as Step[]).filter(usable).sort(order);
  const auth = placeholderAuth(metadata.auth);
  const tried: CallVerdict[] = [];
  const best = () =>
    tried.find((v) => v.kind === 'completed') ?? tried.find((v) => v.kind === 'reached its API') ?? tried[0];

  for (const action of actions) {
    if (tried.length >= 3) break;
    const made = placeholderInput(action.props ?? {});
    if ('skip' in made) continue;
    const request: ActionRunRequest = {
      pieceName: metadata.name,
      pieceVersion: metadata.version,
      actionName: action.name,
      stepName: 'step_1',
      input: needsAuth(action) ? { ...made.input, auth } : made.input,
      propertySettings: made.propertySettings,
      run: RUN,
      test: false,
    };
    const label = `action ${action.name}${needsAuth(action) ? ' (placeholder connection)' : ''}`;
    tried.push(verdictOf(await host.runAction(request, probeServices()), action, label));
    if (tried.at(-1)!.kind === 'completed') return tried.at(-1)!;
  }
  for (const trigger of triggers) {
    const made = placeholderInput(trigger.props ?? {});
    if ('skip' in made) continue;
    const outcome = await host.runTrigger(
      {
        pieceName: metadata.name,
        pieceVersion: metadata.version,
        triggerName: trigger.name,
        hook: 'onEnable',
        input: needsAuth(trigger) ? { ...made.input, auth } : made.input,
        propertySettings: made.propertySettings,
        run: RUN,
        webhookUrl: 'http://localhost:3000/v1/webhooks/probe_flow',
        test: false,
      },
      probeServices(),
    );
    const label = `trigger ${trigger.name} onEnable${needsAuth(trigger) ? ' (placeholder connection)' : ''}`;
    tried.push(verdictOf(outcome, trigger, label));
    break;
  }
  if (tried.length > 0) return best()!;
  const stepCount = Object.keys(metadata.actions).length + Object.keys(metadata.triggers).length;
  return {
    kind: 'no',
    detail:
      stepCount === 0
        ? 'it has no action or trigger'
        : !placeholderAuthOn && actions.length + triggers.length === 0
          ? 'every action and trigger needs a connection (rerun with --placeholder-auth)'
          : 'no action or trigger has props the probe can make up',
  };
}

/** The group an explained package is counted in. */
function groupOf(outcome: Extract<PieceOutcome, { ok: false }>, piecesDir: string): string {
  const manifest = readManifest(piecesDir, outcome.name, outcome.version);
  const legacy = (manifest?.dependencies as Record<string, string> | undefined)?.['@activepieces/framework'];
  if (legacy !== undefined) return `built on @activepieces/framework ${legacy}`;
  if (outcome.stage === 'load') {
    const message = outcome.reason.replace(/^The piece host could not load it: /, '');
    return `the host could not load it: ${message.replace(/@activepieces\/piece-[\w.-]+@[\w.-]+/g, '<piece>').slice(0, 90)}`;
  }
  if (outcome.stage === 'install') return 'npm could not install it';
  if (outcome.stage === 'lookup') return 'the registry lookup failed';
  if (outcome.stage === 'schema') return 'its metadata does not match PieceMetadata';
  return 'timed out';
}

async function probe(
  name: string,
  options: ReturnType<typeof parseOptions>,
  host: NpmPieceHost,
  placeholderAuthOn: boolean,
): Promise<ProbeResult> {
  const installed = listInstalledPieces(options.piecesDir)
    .filter((piece) => piece.name === name)
    .sort((a, b) => compareVersions(b.version, a.version))[0];
  let outcome: PieceOutcome;
  if (installed) {
    try {
      const metadata = await host.metadata(name, installed.version);
      const problem = schemaProblem(metadata);
      outcome =
        problem === undefined
          ? { name, version: installed.version, ok: true, metadata, registry: { version: installed.version } }
          : { name, version: installed.version, ok: false, stage: 'schema', reason: problem };
    } catch (error) {
      outcome = {
        name,
        version: installed.version,
        ok: false,
        stage: 'load',
        reason: sentence(
          `The piece host could not load it: ${error instanceof Error ? error.message : String(error)}`,
        ),
      };
    }
  } else {
    outcome = await loadPiece(name, options.piecesDir, host, options.timeoutMs);
  }
  if (!outcome.ok) {
    return {
      name,
      version: outcome.version,
      state: 'explained',
      group: groupOf(outcome, options.piecesDir),
      detail: outcome.reason,
    };
  }
  const verdict = await tryCalls(outcome.metadata, host, placeholderAuthOn);
  return verdict.kind === 'no'
    ? { name, version: outcome.version, state: 'accepted', detail: verdict.detail }
    : { name, version: outcome.version, state: 'run', how: verdict.kind, detail: verdict.detail };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const options = parseOptions(argv);
  const placeholderAuthOn = argv.includes('--placeholder-auth');
  const jsonAt = argv.indexOf('--json');
  const jsonFile = jsonAt === -1 ? undefined : argv[jsonAt + 1];
  const started = Date.now();
  usePrivateNpmCache();
  const registry = await npmRegistry();
  const names = await listPieceNames(registry, options);
  mkdirSync(options.piecesDir, { recursive: true });
  const host = createHost(options.piecesDir, options.concurrency, 60_000);
  const short = (name: string) => name.replace('@activepieces/piece-', '');
  const results = await mapBounded(names, options.concurrency, async (name) => {
    const result = await probe(name, options, host, placeholderAuthOn);
    const how = result.how ? ` (${result.how})` : '';
    process.stdout.write(
      `${result.state.padEnd(9)} ${result.name}@${result.version}${how}: ${result.detail}\n`,
    );
    return result;
  });
  await host.close();
  const count = (state: State) => results.filter((result) => result.state === state).length;
  const run = count('run');
  const completed = results.filter((result) => result.how === 'completed').length;
  process.stdout.write(
    `\ntotal ${results.length}: accepted ${count('accepted') + run} (of which run ${run}: ${completed} completed, ` +
      `${run - completed} reached its API; accepted without a run ${count('accepted')}), explained ${count('explained')}` +
      `${placeholderAuthOn ? '' : ' (steps needing a connection not called: no --placeholder-auth)'}; ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s\n`,
  );
  const groups = new Map<string, string[]>();
  for (const result of results.filter((r) => r.state === 'explained'))
    groups.set(result.group!, [...(groups.get(result.group!) ?? []), short(result.name)]);
  for (const [group, members] of [...groups].sort((a, b) => b[1].length - a[1].length))
    process.stdout.write(`explained, ${group} (${members.length}): ${members.join(', ')}\n`);
  if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(results, null, 2)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
