/**
 * Sends `/`, `/flows`, `/runs`, `/connections`, `/flows/:flowId` and `/runs/:runId` to that page
 * of the user's current project, keeping the query. Embedded, the current project is the one the
 * host's sign-in opened (the normal app's remembered project is neither read nor written).
 */
import { Navigate, useLocation, useParams } from 'react-router';
import { errorMessage } from '../api/error-message';
import { useSession } from '../api/session-context';
import { useProjects } from '../api/use-projects';
import { Loading } from '../components/loading';
import { useEmbedOptions } from '../embed/embed-context';

const LAST_PROJECT_KEY = 'piecework.lastProject';

/** Remembers the project last opened, so `/` returns to it. */
export function rememberProject(projectId: string): void {
  localStorage.setItem(LAST_PROJECT_KEY, projectId);
}

/**
 * The user's current project among `ids` (those they can open): the project last opened (not
 * embedded), the session's, or the first; undefined when there is none.
 */
export function currentProjectOf(
  ids: readonly string[],
  sessionProjectId: string | null | undefined,
  embedded: boolean,
): string | undefined {
  const last = embedded ? null : localStorage.getItem(LAST_PROJECT_KEY);
  return [last, sessionProjectId].find((candidate) => candidate != null && ids.includes(candidate)) ?? ids[0];
}

/** Redirects to `/projects/<current>/<to>`: the project last opened, the session's, or the first. */
export function ProjectRedirect({ to }: { to: string }) {
  const { session } = useSession();
  const { embedded } = useEmbedOptions();
  const { search } = useLocation();
  const projects = useProjects();
  if (projects.isPending) return <Loading label="Opening your project" />;
  if (projects.isError) {
    return (
      <main className="page narrow" role="alert">
        <h1>Cannot open your project</h1>
        <p>{errorMessage(projects.error)}</p>
      </main>
    );
  }
  const id = currentProjectOf(
    projects.data.map((project) => project.id),
    session?.projectId,
    embedded,
  );
  if (id === undefined) {
    return (
      <main className="page narrow">
        <h1>No project yet</h1>
        <p>You are not a member of any project. Ask an admin of your platform to invite you to one.</p>
      </main>
    );
  }
  return <Navigate to={`/projects/${id}/${to}${search}`} replace />;
}

/** `/flows/:itemId` and `/runs/:itemId`: that flow's builder or run's page in the current project. */
export function ProjectItemRedirect({ section }: { section: 'flows' | 'runs' }) {
  const { itemId = '' } = useParams();
  return <ProjectRedirect to={`${section}/${encodeURIComponent(itemId)}`} />;
}

/** `/`: the current project's flows. */
export function HomeRedirect() {
  return <ProjectRedirect to="flows" />;
}
