import type { Readable } from 'node:stream';
import { parse, type Parser } from 'csv-parse';
import type { ActionContext } from '../../context/action-context';
import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import type { PieceStreamingFile } from '../../props/piece-file';
import { requiredText } from '../common/read-props';
import { dispatchToSubflow, findEnabledSubflow, subflowDropdown } from './subflows-common';

/** The most rows one subflow call may carry. */
export const MAX_ROWS_PER_BATCH = 10_000;

/** How many batches may be on their way to the server at once. */
export const MAX_BATCHES_IN_FLIGHT = 5;

/** Further attempts of a batch after a network error or a 5xx answer (Activepieces' 2). */
const BATCH_RETRIES = 2;

/** One CSV record: its values by column name (the values of a repeated column name as a list). */
type CsvRow = Record<string, unknown>;

/**
 * A streaming csv-parse parser with Activepieces' options: the first line is the header
 * (kept for the output and every batch), a BOM is skipped, rows may have more or fewer fields
 * than the header, repeated column names group their values, empty lines are skipped and values
 * trimmed.
 */
function csvParser(delimiter: string): { parser: Parser; headers: () => string[] } {
  let headers: string[] = [];
  const parser = parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    group_columns_by_name: true,
    columns: (header: string[]) => {
      headers = header;
      return header;
    },
    skip_empty_lines: true,
    trim: true,
  });
  return { parser, headers: () => headers };
}

/** What {@link fanOutBatches} did: rows read and batches whose call succeeded. */
interface FanOut {
  rowsProcessed: number;
  batchesDispatched: number;
}

/**
 * Reads `records`, cut into batches of `batchSize`, and dispatches each batch as soon as it is
 * full (the last one when the records end), with at most `maxInFlight` dispatches at once
 * (reading waits meanwhile). The first failed dispatch stops the reading; dispatches already
 * started are waited for. Throws, with the counts so far, when a dispatch or the reading failed.
 */
async function fanOutBatches(options: {
  records: AsyncIterable<CsvRow>;
  batchSize: number;
  maxInFlight: number;
  dispatch: (batch: { batchIndex: number; rows: CsvRow[] }) => Promise<void>;
}): Promise<FanOut> {
  const inFlight = new Set<Promise<void>>();
  let failed: { batchIndex: number; error: unknown } | undefined;
  let readFailure: { error: unknown } | undefined;
  let rowsRead = 0;
  let batchesDispatched = 0;
  let nextBatch = 0;
  let rows: CsvRow[] = [];
  const start = (batchIndex: number, batch: CsvRow[]) => {
    const call: Promise<void> = options
      .dispatch({ batchIndex, rows: batch })
      .then(
        () => {
          batchesDispatched++;
        },
        (error: unknown) => {
          failed ??= { batchIndex, error };
        },
      )
      .finally(() => inFlight.delete(call));
    inFlight.add(call);
  };
  try {
    for await (const row of options.records) {
      if (failed) break;
      rows.push(row);
      rowsRead++;
      if (rows.length >= options.batchSize) {
        start(nextBatch++, rows);
        rows = [];
        if (inFlight.size >= options.maxInFlight) await Promise.race(inFlight);
      }
    }
    if (!failed && rows.length > 0) {
      start(nextBatch++, rows);
      rows = [];
    }
  } catch (error) {
    readFailure = { error };
  }
  await Promise.allSettled([...inFlight]);
  const counts = { rowsProcessed: rowsRead - rows.length, batchesDispatched };
  if (failed) {
    throw new Error(
      JSON.stringify({
        message:
          'A batch failed to dispatch; fan-out aborted. Batches before this index were already dispatched and may still be running.',
        failedBatchIndex: failed.batchIndex,
        cause: describe(failed.error),
        ...counts,
      }),
    );
  }
  if (readFailure) {
    throw new Error(
      JSON.stringify({
        message:
          'Failed to read the records; fan-out aborted. Batches dispatched before this point may still be running.',
        cause: describe(readFailure.error),
        ...counts,
      }),
    );
  }
  return { rowsProcessed: rowsRead, batchesDispatched };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The streamed CSV file of the step (a FILE prop with `streaming: true`). */
function csvFileOf(value: unknown): PieceStreamingFile {
  const file = value as Partial<PieceStreamingFile> | null | undefined;
  if (!file || typeof file.body?.pipe !== 'function')
    throw new Error(JSON.stringify({ message: 'Input "file" must be a CSV file' }));
  return file as PieceStreamingFile;
}

/**
 * `streamCsvToSubflows`: streams a CSV (the step's FILE input, read as a stream) through
 * csv-parse and calls the chosen callable flow once per batch of `batchSize` rows: each call is
 * a run of that flow whose input is `{batchIndex, headers, rows, extraData}` (rows as objects by
 * column name), posted to the server as `callFlow` does, without waiting for the subflows
 * (`ap-fail-parent-on-failure: false`), each batch retried twice on a network error or a 5xx
 * answer. At most five batches are on their way at once. Outputs `{headers, firstRow,
 * rowsProcessed, batchesDispatched}`; fails (as JSON, with the counts so far) when a batch cannot
 * be dispatched or the CSV cannot be read, batches already dispatched keep running.
 */
export const streamCsvToSubflows = createAction({
  name: 'streamCsvToSubflows',
  audience: 'both',
  classification: 'WRITE',
  aiMetadata: {
    description:
      'Streams a CSV (a URL, an uploaded file, or a file from a previous step) and dispatches one subflow run per batch of rows. Pick it over Call Flow when the CSV is too large to hold in memory, since it is parsed as a stream and batches are fanned out with bounded concurrency. Rows per batch must be an integer between 1 and 10000 and the target subflow must be published with a "Callable Flow" trigger; not idempotent, since every batch dispatches a new subflow run.',
    idempotent: false,
  },
  displayName: 'Stream CSV to Subflows',
  description:
    'Stream a CSV and call a subflow once per batch of rows, without loading the whole file into memory.',
  props: {
    file: Property.File({
      displayName: 'CSV File',
      description:
        'The CSV to stream. Accepts a URL, an uploaded file, or a file from a previous step. It is streamed, not loaded into memory.',
      required: true,
      streaming: true,
    }),
    subflow: subflowDropdown({
      displayName: 'Subflow',
      description:
        'The subflow to call for each batch. Published flows with a "Callable Flow" trigger appear here; disabled flows are marked "(inactive)".',
    }),
    batchSize: Property.Number({
      displayName: 'Rows per batch',
      description: `How many CSV rows to send in each subflow call. Between 1 and ${MAX_ROWS_PER_BATCH}.`,
      required: true,
      defaultValue: 100,
    }),
    delimiter: Property.StaticDropdown({
      displayName: 'Delimiter',
      required: true,
      defaultValue: ',',
      options: {
        options: [
          { label: 'Comma', value: ',' },
          { label: 'Tab', value: '\t' },
        ],
      },
    }),
    extraData: Property.Json({
      displayName: 'Extra Data',
      description:
        'Optional data sent to every subflow call alongside the batch rows. Reference the output of a previous step.',
      required: false,
    }),
  },
  errorHandlingOptions: {
    continueOnFailure: { defaultValue: false, hide: false },
    retryOnFailure: { defaultValue: false, hide: true },
  },
  async run(ctx) {
    const file = csvFileOf(ctx.propsValue.file);
    const { batchSize, extraData } = ctx.propsValue;
    const delimiter = typeof ctx.propsValue.delimiter === 'string' ? ctx.propsValue.delimiter : ',';
    if (
      typeof batchSize !== 'number' ||
      !Number.isInteger(batchSize) ||
      batchSize < 1 ||
      batchSize > MAX_ROWS_PER_BATCH
    ) {
      file.body.destroy();
      throw new Error(
        JSON.stringify({ message: `Rows per batch must be an integer between 1 and ${MAX_ROWS_PER_BATCH}.` }),
      );
    }
    const flow = await findSubflowOrClose(ctx, file.body);
    const { parser, headers } = csvParser(delimiter);
    let firstRow: CsvRow | undefined;
    file.body.pipe(parser);
    file.body.on('error', (error) => {
      if (!parser.destroyed) parser.destroy(error);
    });
    try {
      const counts = await fanOutBatches({
        records: parser,
        batchSize,
        maxInFlight: MAX_BATCHES_IN_FLIGHT,
        dispatch: async ({ batchIndex, rows }) => {
          if (batchIndex === 0) firstRow = rows[0];
          await dispatchToSubflow(ctx, {
            flowId: flow.id,
            parentRunId: ctx.run.id,
            failParentOnFailure: false,
            data: { batchIndex, headers: headers(), rows, extraData },
            retries: BATCH_RETRIES,
          });
        },
      });
      return { headers: headers(), firstRow, ...counts };
    } finally {
      parser.destroy();
      file.body.destroy();
    }
  },
});

/** The enabled subflow the step names; the file's stream is closed when there is none. */
async function findSubflowOrClose(ctx: ActionContext, body: Readable) {
  try {
    return await findEnabledSubflow(ctx, requiredText(ctx.propsValue, 'subflow'));
  } catch (error) {
    body.destroy();
    throw error;
  }
}
