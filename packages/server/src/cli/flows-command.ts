/**
 * `piecework flows import <file> --project <id>` and `piecework flows export <flowId>
 * [--version <versionId>] [--output <file>]`: move flows between a file and a running server over
 * its REST API (see `cli-api-client.ts` for how the server and API key are found).
 *
 * Import takes every export shape `IMPORT_FLOW` takes (Activepieces' "Export flow" template, a
 * PopulatedFlow, a bare or wrapped IMPORT_FLOW request, a solution's `state.flows`...), migrated
 * with `migrateExport`: each flow of the file becomes a new flow of the project. A flow the server
 * refuses is deleted again with those this command created before it, so a failed import leaves
 * nothing behind. Export prints Activepieces' shared template (`GET /v1/flows/:id/template`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { PieceworkClient } from '@piecework/client';
import { migrateExport } from '@piecework/shared';
import { CliUsageError, connectToApi, takeFlag } from './cli-api-client';
import {
  CommandFailure,
  describeFailure,
  describeFileError,
  runCliCommand,
  type CommandIo,
} from './cli-command';

/** The usage lines of `piecework flows`. */
export const FLOWS_USAGE = `       piecework flows import <file> --project <id>    import an exported flow into a project
       piecework flows export <flowId> [--version <id>] [--output <file>]
                                            print (or write) a flow's export JSON
         (flows: --api-url <url> or AP_API_URL, default http://127.0.0.1:<AP_PORT or 3000>/api;
                 --api-key <sk-...> or AP_API_KEY)`;

function readExport(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CommandFailure(`cannot read ${file}: ${describeFileError(error)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CommandFailure(`${file} is not JSON: ${(error as Error).message}`);
  }
}

async function importFlows(
  client: PieceworkClient,
  apiUrl: string,
  file: string,
  projectId: string,
  io: CommandIo,
): Promise<void> {
  const migrated = migrateExport(readExport(file));
  if (!migrated.ok) {
    const { path } = migrated.refusal;
    const where = path === undefined || path === '' ? '' : ` (at ${path})`;
    throw new CommandFailure(
      `${file} cannot be imported: ${migrated.refusal.reason}: ${migrated.refusal.message}${where}`,
    );
  }
  const created: string[] = [];
  try {
    for (const { request } of migrated.flows) {
      const flow = await client.flows.create({ displayName: request.displayName, projectId });
      created.push(flow.id);
      const imported = await client.flows.update(flow.id, { type: 'IMPORT_FLOW', request });
      const invalid = imported.version.valid ? '' : ' (not valid yet: see the version in the builder)';
      io.out(
        `imported "${imported.version.displayName}" as flow ${imported.id} in project ${projectId}${invalid}`,
      );
    }
  } catch (error) {
    const undone = await Promise.allSettled(created.map((id) => client.flows.delete(id)));
    const kept = created.filter((_, i) => undone[i]!.status === 'rejected');
    const cleanup =
      created.length === 0
        ? ''
        : kept.length === 0
          ? '; nothing was imported'
          : `; flows ${kept.join(', ')} could not be deleted again`;
    throw new CommandFailure(`import of ${file} failed: ${describeFailure(error, apiUrl)}${cleanup}`);
  }
}

async function exportFlow(
  client: PieceworkClient,
  apiUrl: string,
  flowId: string,
  versionId: string | undefined,
  output: string | undefined,
  io: CommandIo,
): Promise<void> {
  let json: string;
  try {
    const template = await client.flows.getTemplate(flowId, versionId === undefined ? {} : { versionId });
    json = `${JSON.stringify(template, null, 2)}\n`;
  } catch (error) {
    throw new CommandFailure(`export of flow ${flowId} failed: ${describeFailure(error, apiUrl)}`);
  }
  if (output === undefined) {
    io.out(json.trimEnd());
    return;
  }
  try {
    writeFileSync(output, json);
  } catch (error) {
    throw new CommandFailure(`cannot write ${output}: ${describeFileError(error)}`);
  }
  io.out(`exported flow ${flowId} to ${output}`);
}

/** Runs `piecework flows <args>`; resolves to the exit code (0 done, 1 failed, 2 bad usage). */
export async function runFlowsCommand(args: readonly string[], io: CommandIo): Promise<number> {
  return runCliCommand(io, async () => {
    const { client, apiUrl, rest } = connectToApi(args, io.env);
    const [command, ...others] = rest;
    if (command === 'import') {
      const project = takeFlag(others, 'project');
      const [file, ...extra] = project.rest;
      if (file === undefined || extra.length > 0 || project.value === undefined) {
        throw new CliUsageError('usage: piecework flows import <file> --project <id>');
      }
      await importFlows(client, apiUrl, file, project.value, io);
      return;
    }
    if (command === 'export') {
      const output = takeFlag(others, 'output');
      const version = takeFlag(output.rest, 'version');
      const [flowId, ...extra] = version.rest;
      if (flowId === undefined || extra.length > 0) {
        throw new CliUsageError('usage: piecework flows export <flowId> [--version <id>] [--output <file>]');
      }
      await exportFlow(client, apiUrl, flowId, version.value, output.value, io);
      return;
    }
    throw new CliUsageError(FLOWS_USAGE.replace(/^ {7}/, 'usage: '));
  });
}
