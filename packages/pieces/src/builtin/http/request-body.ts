import { describeValue } from '../common/read-props';

/** A FILE input's value: the props pipeline gives `{filename, data}` (data as bytes or base64). */
function fileBlob(fieldName: string, file: unknown): { blob: Blob; filename: string } {
  if (typeof file !== 'object' || file === null) {
    throw new Error(`Form field "${fieldName}" needs a file, got ${describeValue(file)}`);
  }
  const { filename, data, base64 } = file as { filename?: unknown; data?: unknown; base64?: unknown };
  const bytes =
    data instanceof Uint8Array
      ? data
      : typeof data === 'string' || typeof base64 === 'string'
        ? Buffer.from(String(typeof base64 === 'string' ? base64 : data), 'base64')
        : undefined;
  if (!bytes) throw new Error(`Form field "${fieldName}" has a file without data`);
  return {
    blob: new Blob([new Uint8Array(bytes)]),
    filename: typeof filename === 'string' ? filename : fieldName,
  };
}

/**
 * The multipart body of `form_data`: a list of `{fieldName, fieldType: 'text' | 'file',
 * textFieldValue, fileFieldValue}` (empty values skipped), or an older flow's plain object of
 * field names to text.
 */
export function formDataBody(data: unknown): FormData {
  const form = new FormData();
  if (Array.isArray(data)) {
    for (const field of data as Record<string, unknown>[]) {
      const name = String(field?.fieldName ?? '');
      if (name === '') throw new Error('Every form field needs a field name');
      if (field.fieldType === 'file') {
        if (field.fileFieldValue === undefined || field.fileFieldValue === null) continue;
        const { blob, filename } = fileBlob(name, field.fileFieldValue);
        form.append(name, blob, filename);
      } else if (
        field.textFieldValue !== undefined &&
        field.textFieldValue !== null &&
        field.textFieldValue !== ''
      ) {
        form.append(name, String(field.textFieldValue));
      }
    }
  } else if (typeof data === 'object' && data !== null) {
    for (const [name, value] of Object.entries(data)) {
      if (value !== undefined && value !== null)
        form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
  } else {
    throw new Error(`Form data must be a list of fields, got ${describeValue(data)}`);
  }
  return form;
}

/**
 * A JSON body as Activepieces' HTTP client sends it: text as it is, anything else as JSON
 * text, or URL-encoded when the Content-Type header asks for `application/x-www-form-urlencoded`.
 */
export function jsonBody(data: unknown, headers: Headers): string {
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  if (typeof data === 'string') return data;
  if (
    headers.get('content-type')?.includes('application/x-www-form-urlencoded') &&
    typeof data === 'object' &&
    data !== null
  ) {
    return new URLSearchParams(
      Object.entries(data).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString();
  }
  return JSON.stringify(data);
}
