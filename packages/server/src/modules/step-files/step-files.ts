/**
 * Step files: the files pieces write (`ctx.files.write`), kept in the `file` table as
 * FLOW_STEP_FILE rows of the run's project and flow (deleted with the flow), and reached by the
 * signed, expiring URL Activepieces uses, `<apiUrl>v1/step-files/signed?token=<jwt>`.
 *
 * The URL is read two ways: a later step of a run of the same project reads it from the table
 * (the run's file store, {@link StepFiles.readForProject}: no HTTP, so no SSRF refusal), and anyone
 * holding it downloads it from `GET /v1/step-files/signed` ({@link StepFiles.readByToken}).
 */
import { decodeStepFile, parseStepFileUrl, signedStepFileUrl, type StepFileContent } from '@piecework/pieces';
import { generateTimeOrderedId, PieceworkError } from '@piecework/shared';
import type { ServerSettings } from '../../infrastructure/config/server-settings';
import type { DataStore } from '../../infrastructure/storage/data-store';
import { StepFileTokens, type StepFileTokenCheck } from './step-file-tokens';
import { insertFlowFile } from '../../infrastructure/storage/flow-file-row';
import type { ServerContext } from '../../server-context';
import { findFileData } from './step-file-repository';

/** The `file.type` of a file a piece wrote. */
export const STEP_FILE_TYPE = 'FLOW_STEP_FILE';

/** The API URL step-file URLs are made below: `<publicUrl>api/`, the URL pieces see as `apiUrl`. */
export function stepFilesApiUrl(settings: Pick<ServerSettings, 'publicUrl'>): string {
  return `${settings.publicUrl}api/`;
}

/** Keeps and reads the step files of one server. */
export class StepFiles {
  readonly apiUrl: string;
  private readonly tokens: StepFileTokens;

  constructor(
    private readonly store: DataStore,
    settings: Pick<ServerSettings, 'publicUrl' | 'jwtSecret'>,
    private readonly timestamp: () => string,
    tokens?: StepFileTokens,
  ) {
    this.apiUrl = stepFilesApiUrl(settings);
    this.tokens = tokens ?? new StepFileTokens(settings.jwtSecret);
  }

  /**
   * Keeps `content` (a step file's stored text) for flow `flowId` of `projectId` (and run `runId`,
   * when a run wrote it); answers its signed URL.
   */
  async save(
    { projectId, flowId, runId }: { projectId: string; flowId: string; runId?: string },
    content: string,
  ): Promise<string> {
    const id = generateTimeOrderedId();
    const now = this.timestamp();
    await insertFlowFile(this.store, {
      id,
      projectId,
      flowId,
      ...(runId === undefined ? {} : { runId }),
      type: STEP_FILE_TYPE,
      data: content,
      now,
    });
    return signedStepFileUrl(this.apiUrl, await this.tokens.issue({ fileId: id, projectId }));
  }

  /**
   * The stored text of the step file signed URL `url` names, for a run of `projectId`. Throws an
   * Error saying why when the URL is not a signed step-file URL of this server, its token is
   * forged or expired, the file belongs to another project, or it is gone.
   */
  async readForProject(url: string, projectId: string): Promise<string> {
    const reference = parseStepFileUrl(url, this.apiUrl);
    if (reference?.kind !== 'signed') throw new Error('It is not a signed step-file URL of this server');
    const checked = await this.tokens.check(reference.token);
    if (!checked.ok) throw new Error(refusal(checked).message);
    if (checked.projectId !== projectId) {
      throw new Error('The file belongs to another project: a step reads only files of its own project');
    }
    const data = await this.load(checked.fileId, projectId);
    if (data === undefined) throw new Error(GONE);
    return data;
  }

  /**
   * The file a signed URL's `token` names, for `GET /v1/step-files/signed`.
   *
   * @throws PieceworkError ENTITY_NOT_FOUND: 404 for a token this server did not sign (or a file
   * that is gone), 410 for an expired one.
   */
  async readByToken(token: string): Promise<StepFileContent> {
    const checked = await this.tokens.check(token);
    if (!checked.ok) throw refusal(checked);
    const data = await this.load(checked.fileId, checked.projectId);
    if (data === undefined) throw notFound(GONE);
    return decodeStepFile(data);
  }

  private load(fileId: string, projectId: string): Promise<string | undefined> {
    return findFileData(this.store.db, fileId, projectId, STEP_FILE_TYPE);
  }
}

const GONE = 'The step file no longer exists (its flow or project was deleted)';

function notFound(message: string, status?: number, params: Record<string, unknown> = {}): PieceworkError {
  return new PieceworkError('ENTITY_NOT_FOUND', { message, entityType: 'stepFile', ...params }, status);
}

/** The error of a token that names no file: 410 when it expired, 404 when it is not ours. */
function refusal(checked: Exclude<StepFileTokenCheck, { ok: true }>): PieceworkError {
  return checked.reason === 'expired'
    ? notFound(`The step file link expired at ${checked.expiredAt}`, 410, { expiredAt: checked.expiredAt })
    : notFound('The step file link is not valid: its token is malformed or was not signed by this server');
}

/** The {@link StepFiles} of each server, by its data store, made on first use. */
const ofStores = new WeakMap<DataStore, StepFiles>();

/** What step files use of the server context: the store, the settings (URL and secret) and the clock. */
export type StepFileDependencies = Pick<ServerContext, 'store' | 'settings' | 'now'>;

/** The step files of the server `ctx` belongs to (one instance per data store). */
export function stepFilesOf(ctx: {
  readonly store: DataStore;
  readonly settings: Pick<ServerSettings, 'publicUrl' | 'jwtSecret'>;
  readonly now: () => string;
}): StepFiles {
  let stepFiles = ofStores.get(ctx.store);
  if (stepFiles === undefined) {
    stepFiles = new StepFiles(ctx.store, ctx.settings, ctx.now);
    ofStores.set(ctx.store, stepFiles);
  }
  return stepFiles;
}
