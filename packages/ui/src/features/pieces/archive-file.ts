/**
 * What the upload dialog reads from a packed piece (`npm pack`'s `.tgz`): its bytes as base64 for
 * `POST /v1/pieces` (ARCHIVE), and the version its file name carries, to prefill the form.
 */

/** The file's bytes, base64-encoded (no `data:` prefix). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The version at the end of an `npm pack` file name (`piece-echo-1.2.0.tgz` -> `1.2.0`), if any. */
export function versionFromArchiveName(fileName: string): string | undefined {
  return /-(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\.tgz$/.exec(fileName)?.[1];
}
