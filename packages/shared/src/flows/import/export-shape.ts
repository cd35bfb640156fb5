import { z } from 'zod';
import { isRecord, refuse } from './import-refusal';

/**
 * The wrapper an export comes in: the IMPORT_FLOW request itself (`bare`), the flow-operation
 * body (`op`), a PopulatedFlow (`populated`), an old template (`template`), a new template or
 * collection (`flows`), a solution / project export (`state`).
 */
export const ExportShape = z.enum(['bare', 'op', 'populated', 'template', 'flows', 'state']);
export type ExportShape = z.infer<typeof ExportShape>;

/** One flow found in an export, still in its exported form, with the name its wrapper gives it. */
export interface RawExportedFlow {
  flow: Record<string, unknown>;
  wrapperName?: string;
  path: string;
}

/** The shape of an export and the flows inside it (not yet migrated). */
export interface DetectedExport {
  shape: ExportShape;
  flows: RawExportedFlow[];
}

const name = (json: Record<string, unknown>) => (typeof json.name === 'string' ? json.name : undefined);

/** A PopulatedFlow's version, or the flow itself when it is already request-like. */
function flowOf(item: unknown, path: string, wrapperName?: string): RawExportedFlow {
  if (!isRecord(item)) refuse('NOT_AN_EXPORT', `${path} is not a flow object`, path);
  if (isRecord(item.version)) return { flow: item.version, wrapperName, path: `${path}.version` };
  return { flow: item, wrapperName, path };
}

/**
 * Marks of the first (2022) engine format: `configs`, epoch timestamps, collections of flow
 * version ids, numeric ids, a trigger without a type or of type MANUAL.
 */
export function is2022Format(json: Record<string, unknown>): boolean {
  if ('configs' in json || 'epochCreationTime' in json || 'flowsVersionId' in json) return true;
  if (typeof json.id === 'number') return true;
  const trigger = json.trigger;
  return isRecord(trigger) && (trigger.type === undefined || trigger.type === 'MANUAL');
}

/**
 * Finds which wrapper `json` is and lists its flows. Refuses (throws an `ImportRefusedError`)
 * the 2022 format and anything that is not an export. Use it through `migrateExport`.
 */
export function detectExport(json: unknown): DetectedExport {
  if (!isRecord(json)) refuse('NOT_AN_EXPORT', 'the file is not a JSON object');
  const too2022 = (flow: Record<string, unknown>, path: string) => {
    if (is2022Format(flow))
      refuse(
        'FORMAT_2022',
        'this is the 2022 engine format (configs, numeric ids, packaged code artifacts, ${…} references); ' +
          'it predates every importable export and cannot be migrated: recreate the flow',
        path,
      );
  };
  too2022(json, '');
  const wrapperName = name(json);
  let detected: DetectedExport;
  if (json.type === 'IMPORT_FLOW' && isRecord(json.request)) {
    detected = { shape: 'op', flows: [{ flow: json.request, path: 'request' }] };
  } else if (isRecord(json.state) && Array.isArray(json.state.flows)) {
    const flows = json.state.flows.map((item, i) => flowOf(item, `state.flows.${i}`, wrapperName));
    detected = { shape: 'state', flows };
  } else if (Array.isArray(json.flows)) {
    const flows = json.flows.map((item, i) => flowOf(item, `flows.${i}`, wrapperName));
    detected = { shape: 'flows', flows };
  } else if (isRecord(json.template)) {
    detected = { shape: 'template', flows: [{ flow: json.template, wrapperName, path: 'template' }] };
  } else if (isRecord(json.version) && isRecord(json.version.trigger)) {
    detected = { shape: 'populated', flows: [{ flow: json.version, path: 'version' }] };
  } else if (isRecord(json.trigger)) {
    detected = { shape: 'bare', flows: [{ flow: json, path: '' }] };
  } else {
    return refuse(
      'NOT_AN_EXPORT',
      'no flow found: expected a trigger, a `version`, a `template`, `flows` or `state.flows`',
    );
  }
  for (const { flow, path } of detected.flows) too2022(flow, path);
  return detected;
}
