/**
 * `piecework project pull <dir> --project <id>` and `piecework project push <dir> --project <id>
 * [--yes] [--name <release name>]`: keep a project as a folder of text files (docs/project-files.md)
 * next to the code of a git repository, through a running server's release API (see
 * `cli-api-client.ts` for how the server and API key are found).
 *
 * Pull writes the project's state (`GET /v1/project-releases/export`) as files, deleting the
 * format's files the project no longer has. Push reads the files, shows the plan of releasing them
 * into the project (`POST /v1/project-releases/diff`, type FILE) and, with `--yes`, applies it as
 * a FILE release (`POST /v1/project-releases`); without `--yes` nothing is applied.
 */
import { basename, resolve } from 'node:path';
import type { PieceworkClient } from '@piecework/client';
import { projectStateFromFiles, projectStateToFiles, type ProjectReleasePlan } from '@piecework/shared';
import { CliUsageError, connectToApi, takeFlag } from './cli-api-client';
import {
  CommandFailure,
  describeFailure,
  describeFileError,
  runCliCommand,
  type CommandIo,
} from './cli-command';
import { readProjectFolder, writeProjectFolder } from './project-folder';

/** The usage lines of `piecework project`. */
export const PROJECT_USAGE = `       piecework project pull <dir> --project <id>     write a project's flows, tables and connections as files
       piecework project push <dir> --project <id> [--yes] [--name <release name>]
                                            show the plan of releasing the files into the project;
                                            with --yes, apply it as a release
         (project: --api-url/AP_API_URL and --api-key/AP_API_KEY as for flows)`;

const count = (n: number, noun: string): string => `${String(n)} ${noun}${n === 1 ? '' : 's'}`;

async function pull(client: PieceworkClient, apiUrl: string, dir: string, projectId: string, io: CommandIo) {
  let files: Record<string, string>;
  let summary: string;
  try {
    const state = await client.projectReleases.exportState({ projectId });
    files = projectStateToFiles(state);
    summary = `${count(state.flows.length, 'flow')}, ${count(state.tables.length, 'table')}, ${count(state.connections.length, 'connection')}`;
  } catch (error) {
    throw new CommandFailure(`pull of project ${projectId} failed: ${describeFailure(error, apiUrl)}`);
  }
  let written;
  try {
    written = writeProjectFolder(dir, files);
  } catch (error) {
    throw new CommandFailure(`cannot write the project files into ${dir}: ${describeFileError(error)}`);
  }
  io.out(
    `pulled project ${projectId} into ${dir}: ${summary} (${count(written.written, 'file')} written, ${String(written.unchanged)} unchanged, ${String(written.deleted)} deleted)`,
  );
}

/** The plan as lines people read: one per flow, table and missing connection. */
function planLines(plan: ProjectReleasePlan): string[] {
  const verb = (type: string) => type.slice(0, type.indexOf('_')).toLowerCase();
  const lines = plan.flows.map((op) => {
    const changes = op.changes.length === 0 ? '' : `: ${op.changes.join(', ')}`;
    return `  ${verb(op.type)} flow ${op.externalId} ("${op.displayName}")${changes}`;
  });
  for (const op of plan.tables) {
    const parts = [
      ...op.changes,
      ...(op.fieldsAdded.length === 0 ? [] : [`fields added: ${op.fieldsAdded.join(', ')}`]),
      ...(op.fieldsRemoved.length === 0 ? [] : [`fields removed: ${op.fieldsRemoved.join(', ')}`]),
      ...(op.fieldsChanged.length === 0 ? [] : [`fields changed: ${op.fieldsChanged.join(', ')}`]),
    ];
    const changes = parts.length === 0 ? '' : `: ${parts.join('; ')}`;
    lines.push(`  ${verb(op.type)} table ${op.externalId} ("${op.name}")${changes}`);
  }
  for (const connection of plan.connections) {
    lines.push(
      `  missing connection ${connection.externalId} ("${connection.displayName}", ${connection.pieceName}): create it in the project, a release never does`,
    );
  }
  return lines;
}

interface PushOptions {
  dir: string;
  projectId: string;
  apply: boolean;
  name: string | undefined;
}

async function push(client: PieceworkClient, apiUrl: string, options: PushOptions, io: CommandIo) {
  const { dir, projectId } = options;
  let files: Record<string, string>;
  try {
    files = readProjectFolder(dir);
  } catch (error) {
    throw new CommandFailure(`cannot read ${dir}: ${describeFileError(error)}`);
  }
  const read = projectStateFromFiles(files);
  if (!read.ok) {
    throw new CommandFailure(`${dir} cannot be pushed (${read.refusal.code}): ${read.refusal.message}`);
  }
  const source = { projectId, type: 'FILE' as const, state: read.state };
  let plan: ProjectReleasePlan;
  try {
    plan = await client.projectReleases.diff(source);
  } catch (error) {
    throw new CommandFailure(`the plan for project ${projectId} failed: ${describeFailure(error, apiUrl)}`);
  }
  const lines = planLines(plan);
  if (plan.flows.length === 0 && plan.tables.length === 0) {
    io.out(`project ${projectId} already matches ${dir}: nothing to release`);
    for (const line of lines) io.out(line);
    return;
  }
  io.out(`plan for project ${projectId} from ${dir}:`);
  for (const line of lines) io.out(line);
  if (!options.apply) {
    io.out('nothing applied: run again with --yes to release this plan');
    return;
  }
  const name = options.name ?? `push of ${basename(resolve(dir))} at ${new Date().toISOString()}`;
  try {
    const release = await client.projectReleases.create({ ...source, name });
    io.out(`released "${release.name}" into project ${projectId} as release ${release.id}`);
  } catch (error) {
    throw new CommandFailure(
      `the release into project ${projectId} failed: ${describeFailure(error, apiUrl)}`,
    );
  }
}

/** Runs `piecework project <args>`; resolves to the exit code (0 done, 1 failed, 2 bad usage). */
export async function runProjectCommand(args: readonly string[], io: CommandIo): Promise<number> {
  return runCliCommand(io, async () => {
    const { client, apiUrl, rest } = connectToApi(args, io.env);
    const [command, ...others] = rest;
    const project = takeFlag(others, 'project');
    if (command === 'pull') {
      const [dir, ...extra] = project.rest;
      if (dir === undefined || extra.length > 0 || project.value === undefined) {
        throw new CliUsageError('usage: piecework project pull <dir> --project <id>');
      }
      await pull(client, apiUrl, dir, project.value, io);
      return;
    }
    if (command === 'push') {
      const name = takeFlag(project.rest, 'name');
      const apply = name.rest.includes('--yes');
      const [dir, ...extra] = name.rest.filter((arg) => arg !== '--yes');
      if (dir === undefined || extra.length > 0 || project.value === undefined) {
        throw new CliUsageError(
          'usage: piecework project push <dir> --project <id> [--yes] [--name <release name>]',
        );
      }
      await push(client, apiUrl, { dir, projectId: project.value, apply, name: name.value }, io);
      return;
    }
    throw new CliUsageError(PROJECT_USAGE.replace(/^ {7}/, 'usage: '));
  });
}
