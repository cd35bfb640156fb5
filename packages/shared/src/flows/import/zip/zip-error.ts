/** Why a ZIP archive was not read, and the limits that keep reading one bounded. */

/** Why `unzipFiles` refused an archive; its message is a phrase for people ("it holds index.ts twice"). */
export class ZipError extends Error {
  override readonly name = 'ZipError';
  constructor(
    message: string,
    /** The limit the archive is over, when that is why it was refused. */
    readonly limit?: keyof ZipLimits,
  ) {
    super(message);
  }
}

/** The limits an archive is read within: they bound the memory and time reading it takes. */
export interface ZipLimits {
  /** Central-directory entries the archive may have, counted before anything is inflated. */
  readonly maxEntries: number;
  /** Bytes one file may inflate to. */
  readonly maxFileBytes: number;
  /** Bytes the files read may inflate to together. */
  readonly maxTotalBytes: number;
}
