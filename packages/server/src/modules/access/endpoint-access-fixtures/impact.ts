/** The fixtures of the Impact endpoints: a one-week range of days. */
import type { Fixture } from './world';

const WEEK = { from: '2026-11-01', to: '2026-11-07' };

/** One row per endpoint (`area.name`): how to call it. */
export const IMPACT_FIXTURES: Record<string, Fixture> = {
  'impact.project': async (w) => ({ params: { id: w.projectId }, query: WEEK }),
  'impact.platform': async () => ({ query: WEEK, platformWide: true }),
};
