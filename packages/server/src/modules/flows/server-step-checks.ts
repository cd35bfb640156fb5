/**
 * The step checks only the server can make, fed into the shared `validateFlowVersion` (the one
 * owner of step validity): code that does not parse (esbuild's parser, never run) and pieces this
 * server cannot run (not built in, not installed, and not installable on demand).
 */
import {
  getAllSteps,
  type FlowValidationChecks,
  type StepBody,
  type StepProblem,
  type Trigger,
  type TriggerBody,
} from '@piecework/shared';
import { installCommand, type PieceAvailability } from '../pieces/piece-availability';
import { findCodeSyntaxError, type CodeSyntaxError } from './code-syntax';

const key = (name: string, version: string) => `${name}@${version}`;

function pieceOf(step: StepBody | TriggerBody): { name: string; version: string } | undefined {
  if (step.type !== 'PIECE' && step.type !== 'PIECE_TRIGGER') return undefined;
  return { name: step.settings.pieceName, version: step.settings.pieceVersion };
}

function codeOf(step: StepBody | TriggerBody): string | undefined {
  if (step.type !== 'CODE' || step.settings.sourceCode.code.trim() === '') return undefined;
  return step.settings.sourceCode.code;
}

function codeProblems(error: CodeSyntaxError | undefined): StepProblem[] {
  if (error === undefined) return [];
  return [
    {
      code: 'CODE_SYNTAX_ERROR',
      message: `${error.message}: fix the code before publishing`,
      params: { line: error.line, column: error.column },
    },
  ];
}

/**
 * The checks for the steps of `trigger`'s tree: the piece versions it names are looked up and
 * its code parsed first (once each), so that the checks themselves are synchronous.
 */
export async function serverStepChecks(
  trigger: Trigger,
  pieces: PieceAvailability,
): Promise<FlowValidationChecks> {
  const missing = new Set<string>();
  const named = new Map<string, { name: string; version: string }>();
  const syntaxErrors = new Map<string, CodeSyntaxError | undefined>();
  for (const step of getAllSteps(trigger)) {
    const piece = pieceOf(step);
    if (piece) named.set(key(piece.name, piece.version), piece);
    const code = codeOf(step);
    if (code !== undefined && !syntaxErrors.has(code))
      syntaxErrors.set(code, await findCodeSyntaxError(code));
  }
  // A known piece a flow needs is installed now (on demand), the versions one after the other.
  for (const [id, piece] of named) if (!(await pieces.ensure(piece.name, piece.version))) missing.add(id);
  return {
    checkStep(step) {
      const code = codeOf(step);
      const problems = codeProblems(code === undefined ? undefined : syntaxErrors.get(code));
      const piece = pieceOf(step);
      if (piece && missing.has(key(piece.name, piece.version))) {
        const command = installCommand(piece.name, piece.version);
        const failure = pieces.installFailure(piece.name, piece.version);
        problems.push({
          code: 'PIECE_NOT_INSTALLED',
          message:
            failure === undefined
              ? `Piece ${piece.name}@${piece.version} is not installed on this server: add it with "${command}"`
              : `Piece ${piece.name}@${piece.version} could not be installed: ${failure}`,
          params: {
            pieceName: piece.name,
            pieceVersion: piece.version,
            command,
            ...(failure === undefined ? {} : { installError: failure }),
          },
        });
      }
      return problems;
    },
  };
}
