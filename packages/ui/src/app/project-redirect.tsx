/** Sends `/`, `/flows`, `/runs` and `/connections` to the page of the user's current project. */
import { Navigate } from 'react-router';
import { errorMessage } from '../api/error-message';
import { useSession } from '../api/session-context';
import { useProjects } from '../api/use-projects';
import { Loading } from '../components/loading';

const LAST_PROJECT_KEY = 'piecework.lastProject';

/** Remembers the project last opened, so `/` returns to it. */
export function rememberProject(projectId: string): void {
  localStorage.setItem(LAST_PROJECT_KEY, projectId);
}

/** Redirects to `/projects/<current>/<to>`: the project last opened, the session's, or the first. */
export function ProjectRedirect({ to }: { to: string }) {
  const { session } = useSession();
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
  const ids = projects.data.map((project) => project.id);
  const last = localStorage.getItem(LAST_PROJECT_KEY);
  const id =
    [last, session?.projectId].find((candidate) => candidate != null && ids.includes(candidate)) ?? ids[0];
  if (id === undefined) {
    return (
      <main className="page narrow">
        <h1>No project yet</h1>
        <p>You are not a member of any project. Ask an admin of your platform to invite you to one.</p>
      </main>
    );
  }
  return <Navigate to={`/projects/${id}/${to}`} replace />;
}

/** `/`: the current project's flows. */
export function HomeRedirect() {
  return <ProjectRedirect to="flows" />;
}
