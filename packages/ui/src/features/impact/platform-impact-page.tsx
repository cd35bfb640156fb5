/**
 * `/platform/impact` (platform admins): what the production runs of every project of the
 * platform did over the last 7, 30 or 90 days, as charts (`GET /v1/platform-impact`).
 */
import { useApi } from '../../api/session-context';
import { PageHeader } from '../../components/page-header';
import { ImpactPageBody } from './impact-page-body';

/** The page of `/platform/impact`. */
export function Page() {
  const client = useApi();
  return (
    <section>
      <PageHeader
        title="Platform impact"
        description="What the automations of every project did: runs, success, speed and time saved."
      />
      <ImpactPageBody scope={['platform']} load={(query) => client.impact.platform(query)} />
    </section>
  );
}
