import type { CodeStepSettings } from '../step-settings';
import { FlowOperationError } from '../../common/errors';

/** Largest `code`, and largest `packageJson`, of a code step: 256 KB each (UTF-8 bytes). */
export const MAX_CODE_SOURCE_BYTES = 256 * 1024;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** UTF-8 length of a string, counted without encoding it (shared runs in browsers too). */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Refuses (FLOW_OPERATION_INVALID, naming the step and the field) a code step whose `code` or
 * `packageJson` is over {@link MAX_CODE_SOURCE_BYTES} or is not valid text: a NUL character or a
 * lone UTF-16 surrogate (which no file or editor can hold). Use it wherever a code step's source
 * comes in (ADD_ACTION, UPDATE_ACTION, IMPORT_FLOW).
 */
export function assertCodeSourceAcceptable(stepName: string, settings: CodeStepSettings): void {
  for (const field of ['code', 'packageJson'] as const) {
    const text = settings.sourceCode[field];
    if (text.length > MAX_CODE_SOURCE_BYTES / 4) {
      const sizeBytes = utf8Bytes(text);
      if (sizeBytes > MAX_CODE_SOURCE_BYTES) {
        throw new FlowOperationError(
          `the ${field} of step '${stepName}' is ${String(Math.ceil(sizeBytes / 1024))} KB; the limit is ${String(MAX_CODE_SOURCE_BYTES / 1024)} KB`,
          { stepName, field, sizeBytes, limitBytes: MAX_CODE_SOURCE_BYTES },
        );
      }
    }
    const nul = text.indexOf('\u0000');
    if (nul >= 0) {
      throw new FlowOperationError(
        `the ${field} of step '${stepName}' contains a NUL character (at offset ${String(nul)})`,
        {
          stepName,
          field,
          offset: nul,
        },
      );
    }
    const surrogate = LONE_SURROGATE.exec(text);
    if (surrogate) {
      throw new FlowOperationError(
        `the ${field} of step '${stepName}' is not valid text: a lone UTF-16 surrogate at offset ${String(surrogate.index)}`,
        { stepName, field, offset: surrogate.index },
      );
    }
  }
}
