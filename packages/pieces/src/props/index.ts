/**
 * Activepieces' props pipeline: defaults, processing by property type, validation.
 *
 * @example
 * ```ts
 * const result = processProps({ props: action.props, input, propertySettings, auth: undefined, requireAuth: true });
 * if (!result.ok) return { status: 'FAILED', message: result.message };
 * ```
 * @module
 */
export { processProps, dynamicSchemas } from './process-props';
export type { ProcessPropsInput, ProcessPropsResult } from './process-props';
export type { AuthDefinition, AuthInput } from './process-auth';
export type { PieceFile, PieceStreamingFile } from './piece-file';
export type { PropertyMap, PropsErrors } from './property-kinds';
export { applyDefaults } from './apply-defaults';
export {
  DEFAULT_MAX_FILE_SIZE_MB,
  downloadFile,
  downloadFileProps,
  FILE_DOWNLOAD_TIMEOUT_MS,
  fileDownloadOptions,
} from './file-urls';
export type { DownloadedFile, FileDownloadOptions } from './file-urls';
export { toUtcIso } from './date-time';
