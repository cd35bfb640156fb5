import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { PieceMetadata } from '@piecework/shared';
import type {
  ActionDefinition,
  PieceAppEvents,
  PieceDefinition,
  TriggerDefinition,
} from '../framework/piece-definition';
import type { ContextVersion, NpmPieceMetadata } from './piece-metadata';
import { plainData } from './plain-data';
import { adaptPreRenamePiece, isPreRenamePiece } from './pre-rename-framework';

/**
 * A piece package that Piecework cannot run. The loader no longer throws it for pieces built on
 * the pre-rename `@activepieces/framework` (they are adapted); it stays for callers that tell
 * such failures apart.
 */
export class UnsupportedPieceError extends Error {
  override readonly name = 'UnsupportedPieceError';
}

/** An npm piece loaded in this process: its actions and triggers (the package's own objects) and metadata. */
export interface LoadedPiece {
  definition: PieceDefinition;
  metadata: NpmPieceMetadata;
  contextVersion: ContextVersion;
}

/** The shape of a framework `Piece` this loader relies on. */
/** The object a piece package exports as its piece (framework `Piece` instance or look-alike). */
export interface PieceExport {
  displayName: string;
  description?: string;
  logoUrl?: string;
  authors?: string[];
  categories?: string[];
  auth?: unknown;
  minimumSupportedRelease?: string;
  maximumSupportedRelease?: string;
  actions(): Record<string, ActionDefinition>;
  triggers(): Record<string, TriggerDefinition>;
  getContextInfo?(): { version?: string } | undefined;
  events?: unknown;
}

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
}

/**
 * Loads an UNMODIFIED piece package from its folder (`.../node_modules/@activepieces/piece-x`)
 * with `require()`, finds the piece among its exports and adapts it to {@link PieceDefinition}.
 * Pieces built on the pre-rename `@activepieces/framework` 0.2.0 are adapted too (see
 * `adaptPreRenamePiece`). Run it only in a piece process: the package's code runs here.
 *
 * @throws Error when no export is a piece.
 */
export function loadPieceModule(moduleDir: string): LoadedPiece {
  const manifest = JSON.parse(readFileSync(join(moduleDir, 'package.json'), 'utf8')) as Manifest;
  const label = `${manifest.name}@${manifest.version}`;
  const exports: unknown = createRequire(join(moduleDir, 'package.json'))(moduleDir);
  const piece = findPieceExport(exports, label);
  return adaptPiece(piece, manifest);
}

/**
 * The piece among a module's exports: the first whose `constructor.name === 'Piece'` (what
 * Activepieces looks for), else the first object with `displayName` and `actions()` /
 * `triggers()` functions, else the first piece of the pre-rename framework 0.2.0 (`_actions` /
 * `_triggers` maps), adapted with `adaptPreRenamePiece`. The module itself may be the piece.
 */
export function findPieceExport(exports: unknown, label = 'the module'): PieceExport {
  const candidates = [exports, ...(isObject(exports) ? Object.values(exports) : [])].filter(isObject);
  const named = candidates.find((candidate) => candidate.constructor?.name === 'Piece');
  const piece = [named, ...candidates].find((candidate) => isPieceShaped(candidate)) as
    PieceExport | undefined;
  if (piece) return piece;
  const preRename = [named, ...candidates].find((candidate) => isPreRenamePiece(candidate));
  if (isPreRenamePiece(preRename)) return adaptPreRenamePiece(preRename);
  throw new Error(`${label} exports no piece (an object with displayName, actions() and triggers())`);
}

function adaptPiece(piece: PieceExport, manifest: Manifest): LoadedPiece {
  const version = piece.getContextInfo?.()?.version;
  const contextVersion: ContextVersion = version === '1' || version === '2' ? version : undefined;
  const definition: PieceDefinition = {
    name: manifest.name,
    displayName: piece.displayName,
    description: piece.description ?? '',
    logoUrl: piece.logoUrl ?? '',
    authors: piece.authors ?? [],
    version: manifest.version,
    ...(isObject(piece.auth) || Array.isArray(piece.auth)
      ? { auth: piece.auth as PieceDefinition['auth'] }
      : {}),
    actions: byName(piece.actions()),
    triggers: byName(piece.triggers()),
    ...(isAppEvents(piece.events) ? { events: piece.events } : {}),
  };
  return { definition, contextVersion, metadata: metadataOf(definition, piece, contextVersion) };
}

function metadataOf(
  definition: PieceDefinition,
  piece: PieceExport,
  contextVersion: ContextVersion,
): NpmPieceMetadata {
  const pick = (source: object, keys: string[]) =>
    Object.fromEntries(
      keys.filter((key) => key in source).map((key) => [key, (source as Record<string, unknown>)[key]]),
    );
  const actions = Object.values(definition.actions).map((action) => ({
    name: action.name,
    ...pick(action, [
      'displayName',
      'description',
      'props',
      'errorHandlingOptions',
      'outputSchema',
      'audience',
      'classification',
      'aiMetadata',
      'propertyGroups',
      'sampleData',
    ]),
    requireAuth: action.requireAuth ?? true,
  }));
  const triggers = Object.values(definition.triggers).map((trigger) => ({
    name: trigger.name,
    ...pick(trigger, ['displayName', 'description', 'props', 'type', 'sampleData', 'testStrategy']),
    ...pick(trigger, ['handshakeConfiguration', 'renewConfiguration', 'outputSchema']),
    ...pick(trigger, ['classification', 'aiMetadata', 'errorHandlingOptions', 'propertyGroups']),
    requireAuth: trigger.requireAuth ?? true,
  }));
  const { actions: _actions, triggers: _triggers, auth, ...identity } = definition;
  const metadata = plainData({
    ...identity,
    ...(auth ? { auth: withConnectionIdentifierFlag(auth) } : {}),
    ...pick(piece, ['categories', 'minimumSupportedRelease', 'maximumSupportedRelease', 'deprecated']),
    actions: Object.fromEntries(actions.map((action) => [action.name, action])),
    triggers: Object.fromEntries(triggers.map((trigger) => [trigger.name, trigger])),
  }) as PieceMetadata;
  return { ...metadata, contextVersion };
}

/**
 * The auth as Activepieces' `piece.metadata()` describes it: each declaration with
 * `hasConnectionIdentifier` (whether it has a `getConnectionIdentifier` function, which tells
 * connections of different accounts apart); the functions themselves are not metadata.
 */
function withConnectionIdentifierFlag(auth: NonNullable<PieceDefinition['auth']>): unknown {
  const flag = (declaration: Record<string, unknown>) => ({
    ...declaration,
    hasConnectionIdentifier: typeof declaration.getConnectionIdentifier === 'function',
  });
  return Array.isArray(auth) ? auth.map(flag) : flag(auth);
}

function byName<T extends { name: string }>(items: Record<string, T> | undefined): Record<string, T> {
  return Object.fromEntries(Object.entries(items ?? {}).map(([key, item]) => [item.name ?? key, item]));
}

function isAppEvents(events: unknown): events is PieceAppEvents {
  return (
    isObject(events) &&
    typeof (events as Record<string, unknown>).parseAndReply === 'function' &&
    typeof (events as Record<string, unknown>).verify === 'function'
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isPieceShaped(value: unknown): value is PieceExport {
  return (
    isObject(value) &&
    typeof value.displayName === 'string' &&
    typeof value.actions === 'function' &&
    typeof value.triggers === 'function'
  );
}
