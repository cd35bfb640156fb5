import { z } from 'zod';
import { isRecord } from '../flows/import/import-refusal';
import type { FlowState } from './project-state';
import { codeFilePath, flowFilePath, packageJsonFilePath } from './project-file-paths';
import { refuseProjectFiles } from './project-files-refusal';

/**
 * What a flow file holds in place of a CODE step's source text (or package.json): the path, from
 * the project folder, of the file that holds it, e.g. `{"$file": "flows/orders/step_1.ts"}`.
 */
export const CodeFileReference = z.strictObject({ $file: z.string() });
export type CodeFileReference = z.infer<typeof CodeFileReference>;

/** A package.json that stays in the flow file: none (`''`) or no dependencies (`'{}'`). */
function isEmptyPackageJson(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '' || trimmed === '{}';
}

/**
 * Flow `flow` as its file holds it: each CODE step's source moved to `flows/<name>/<step>.ts`
 * and a non-empty package.json to `flows/<name>/<step>.package.json` (through `write`), each
 * replaced by a {@link CodeFileReference}. Use it only to write project files.
 */
export function flowWithCodeInFiles(flow: FlowState, write: (path: string, text: string) => void): unknown {
  const moved = mapCodeSteps(flow.version.trigger, (step) => {
    const name = String(step['name']);
    const settings = step['settings'] as { sourceCode: { code: string; packageJson: string } };
    const { code, packageJson } = settings.sourceCode;
    const codePath = codeFilePath(flow.externalId, name);
    write(codePath, code);
    let packageJsonField: string | CodeFileReference = packageJson;
    if (!isEmptyPackageJson(packageJson)) {
      const packagePath = packageJsonFilePath(flow.externalId, name);
      write(packagePath, packageJson);
      packageJsonField = { $file: packagePath };
    }
    return {
      ...step,
      settings: { ...settings, sourceCode: { code: { $file: codePath }, packageJson: packageJsonField } },
    };
  });
  return { ...flow, version: { ...flow.version, trigger: moved } };
}

/**
 * The trigger of a flow file (JSON not yet checked) with every CODE step's
 * {@link CodeFileReference}s replaced by the text of the files they name. Source given inline as a
 * string is kept. Refuses a reference to another path than the step's own (INVALID_CODE_REFERENCE)
 * and a missing file (MISSING_CODE_FILE).
 */
export function triggerWithCodeFromFiles(
  trigger: unknown,
  externalId: string,
  files: Readonly<Record<string, string>>,
): unknown {
  const flowPath = flowFilePath(externalId);
  return mapCodeSteps(trigger, (step) => {
    const name = step['name'];
    const settings = step['settings'];
    const source = isRecord(settings) ? settings['sourceCode'] : undefined;
    if (typeof name !== 'string' || !isRecord(settings) || !isRecord(source)) return step;
    const read = (field: 'code' | 'packageJson', expected: string): unknown => {
      const value = source[field];
      if (!isRecord(value)) return value;
      const reference = CodeFileReference.safeParse(value);
      if (!reference.success || reference.data.$file !== expected) {
        refuseProjectFiles(
          'INVALID_CODE_REFERENCE',
          flowPath,
          `${flowPath}: step ${name}'s sourceCode.${field} must be its text or {"$file": "${expected}"}`,
        );
      }
      if (!Object.hasOwn(files, expected)) {
        refuseProjectFiles(
          'MISSING_CODE_FILE',
          expected,
          `${expected} is missing: ${flowPath} refers to it for step ${name}'s sourceCode.${field}`,
        );
      }
      return files[expected];
    };
    const sourceCode = {
      ...source,
      code: read('code', codeFilePath(externalId, name)),
      packageJson: read('packageJson', packageJsonFilePath(externalId, name)),
    };
    return { ...step, settings: { ...settings, sourceCode } };
  });
}

/**
 * A step tree given as JSON with every CODE step replaced by what `edit` makes of it; the tree is
 * copied, never changed. Follows `nextAction`, loop bodies and router children; anything that is
 * not an object is kept as it is (the schema judges it afterwards).
 */
function mapCodeSteps(
  node: unknown,
  edit: (step: Record<string, unknown>) => Record<string, unknown>,
): unknown {
  if (!isRecord(node)) return node;
  const step: Record<string, unknown> = { ...node };
  if ('nextAction' in node) step['nextAction'] = mapCodeSteps(node['nextAction'], edit);
  if ('firstLoopAction' in node) step['firstLoopAction'] = mapCodeSteps(node['firstLoopAction'], edit);
  const children = node['children'];
  if (Array.isArray(children)) step['children'] = children.map((child) => mapCodeSteps(child, edit));
  return step['type'] === 'CODE' ? edit(step) : step;
}
