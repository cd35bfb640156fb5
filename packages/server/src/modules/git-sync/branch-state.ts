/**
 * The project state the files of a branch's project folder hold, through the project file codec.
 * Files the codec refuses are 409 VALIDATION (`reason: INVALID_PROJECT_FILES`) naming the file.
 */
import { projectStateFromFiles, type ProjectState } from '@piecework/shared';
import { ruleViolation } from '../../infrastructure/errors';

/** The state of `files` (relative to `projects/<slug>/`); an empty folder is an empty project. */
export function branchStateOf(files: Record<string, string>, slug: string): ProjectState {
  if (Object.keys(files).length === 0) return { flows: [], tables: [], connections: [] };
  const decoded = projectStateFromFiles(files);
  if (decoded.ok) return decoded.state;
  const { code, path, message } = decoded.refusal;
  throw ruleViolation(`projects/${slug}/${path}: ${message}`, {
    reason: 'INVALID_PROJECT_FILES',
    refusal: code,
    path: `projects/${slug}/${path}`,
  });
}
