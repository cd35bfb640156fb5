/**
 * `piecework test <flowId...|dir> [--project <id>] [--junit <file>]`: runs flows' test cases.
 * Flow ids are tested on a running server (`POST /v1/flows/:id/test-cases/run`, against each
 * flow's draft; see `cli-api-client.ts` for how the server and API key are found); with
 * `--project` and no flow ids, every flow of the project is. A directory of project files is
 * tested in this process with the engine, no server (`test-project-directory.ts`). Prints a line
 * per test case (a failure's diff under it) and a summary; `--junit` also writes a JUnit XML
 * report. Exits 0 when every case passed, 1 when any failed (or a flow could not be tested), 2 on
 * a command line it cannot use.
 */
import { statSync, writeFileSync } from 'node:fs';
import type { PieceworkClient } from '@piecework/client';
import { CliUsageError, connectToApi, takeFlag } from './cli-api-client';
import { describeFailure, type CommandIo } from './cli-command';
import { junitReport, type FlowTestSuite } from './junit-report';
import { exitCodeOf, suiteLines, summaryLine } from './test-command-report';
import { ProjectDirectoryError, readProjectDirectory } from './test-project-directory';
import { testProjectState } from './test-project-state';

/** The usage lines of `piecework test`. */
export const TEST_USAGE = `       piecework test <flowId...> [--project <id>] [--junit <file>]
                                            run flows' test cases on a server (their drafts);
                                            --project alone: every flow of the project
       piecework test <dir> [--junit <file>]   run the test cases of a folder of project files
                                            in this process (flows/<flow>.tests.json)`;

/** Every flow id of project `projectId`, a page at a time. */
async function projectFlowIds(client: PieceworkClient, projectId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.flows.list({
      projectId,
      limit: 100,
      ...(cursor === undefined ? {} : { cursor }),
    });
    ids.push(...page.data.map((flow) => flow.id));
    cursor = page.next ?? undefined;
  } while (cursor !== undefined);
  return ids;
}

/** The suite of flow `flowId`: its test cases run on the server, or why they could not be. */
async function testFlowOnServer(
  client: PieceworkClient,
  apiUrl: string,
  flowId: string,
): Promise<FlowTestSuite> {
  let displayName = flowId;
  try {
    displayName = (await client.flows.get(flowId)).version.displayName;
    const outcome = await client.flowTests.run(flowId, {});
    return { flowKey: flowId, displayName, results: outcome.results };
  } catch (error) {
    return { flowKey: flowId, displayName, results: [], error: describeFailure(error, apiUrl) };
  }
}

/** Prints the suites and the summary, writes the JUnit report when asked; answers the exit code. */
export function reportSuites(
  suites: readonly FlowTestSuite[],
  junit: string | undefined,
  io: CommandIo,
): number {
  for (const suite of suites) for (const line of suiteLines(suite)) io.out(line);
  io.out(summaryLine(suites));
  if (junit !== undefined) {
    try {
      writeFileSync(junit, junitReport(suites));
    } catch (error) {
      io.err(`cannot write ${junit}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
      return 1;
    }
  }
  return exitCodeOf(suites);
}

/** Runs `piecework test <args>`; resolves to the exit code (0 all passed, 1 any failed, 2 bad usage). */
export async function runTestCommand(args: readonly string[], io: CommandIo): Promise<number> {
  try {
    const junit = takeFlag(args, 'junit');
    const project = takeFlag(junit.rest, 'project');
    const { client, apiUrl, rest } = connectToApi(project.rest, io.env);
    const unknown = rest.find((arg) => arg.startsWith('--'));
    if (unknown !== undefined) throw new CliUsageError(`unknown option ${unknown}\n${usage()}`);
    if (rest.length === 0 && project.value === undefined) throw new CliUsageError(usage());
    if (rest.length === 1 && isDirectory(rest[0]!)) {
      if (project.value !== undefined) {
        throw new CliUsageError('--project names a project of a server; a directory is tested without one');
      }
      return await testDirectory(rest[0]!, junit.value, io);
    }
    let flowIds = rest;
    if (flowIds.length === 0) {
      try {
        flowIds = await projectFlowIds(client, project.value!);
      } catch (error) {
        io.err(`cannot list the flows of project ${project.value!}: ${describeFailure(error, apiUrl)}`);
        return 1;
      }
    }
    const suites: FlowTestSuite[] = [];
    for (const flowId of flowIds) suites.push(await testFlowOnServer(client, apiUrl, flowId));
    return reportSuites(
      suites.filter((suite) => suite.results.length > 0 || suite.error !== undefined || rest.length > 0),
      junit.value,
      io,
    );
  } catch (error) {
    if (error instanceof CliUsageError) {
      io.err(error.message);
      return 2;
    }
    throw error;
  }
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}

/** Tests the project files of `dir` in this process; a directory that cannot be read exits 1. */
async function testDirectory(dir: string, junit: string | undefined, io: CommandIo): Promise<number> {
  let directory;
  try {
    directory = readProjectDirectory(dir);
  } catch (error) {
    if (!(error instanceof ProjectDirectoryError)) throw error;
    io.err(`cannot read the project files of ${dir}: ${error.message}`);
    return 1;
  }
  return reportSuites(await testProjectState(directory.state, directory.testFiles), junit, io);
}

function usage(): string {
  return TEST_USAGE.replace(/^ {7}/, 'usage: ');
}
