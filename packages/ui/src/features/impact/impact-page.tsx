/**
 * `/projects/:projectId/impact`: what the project's production runs did over the last 7, 30 or
 * 90 days, as charts (`GET /v1/projects/:id/impact`).
 */
import { useApi } from '../../api/session-context';
import { useProjectId } from '../../api/use-projects';
import { PageHeader } from '../../components/page-header';
import { ImpactPageBody } from './impact-page-body';

/** The page of `/projects/:projectId/impact`. */
export function Page() {
  const client = useApi();
  const projectId = useProjectId();
  return (
    <section>
      <PageHeader
        title="Impact"
        description="What this project's automations did: runs, success, speed and time saved."
      />
      <ImpactPageBody
        scope={['project', projectId]}
        load={(query) => client.impact.project(projectId, query)}
      />
    </section>
  );
}
