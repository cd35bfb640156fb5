/**
 * `/platform/plan` (platform admins): the plan the platform is on (free, or the plan of its
 * license key until the key expires), its limits beside what the platform uses of those the server
 * enforces, the plan's features, and the license key (masked) with a form to enter or replace it.
 */
import type { PlatformBillingInfo, PlatformPlanFeature, PlatformPlanLimit } from '@piecework/shared';
import { DataTable } from '../../components/data-table';
import { DateText } from '../../components/date-text';
import { PageHeader } from '../../components/page-header';
import { AdminQueryState } from '../settings/admin-query-state';
import { LicenseKeySection } from './license-key-form';
import { FEATURE_LABELS, LIMIT_LABELS } from './plan-labels';
import { usePlatformBilling } from './use-platform-billing';
import '../settings/settings.css';

/** The page of `/platform/plan`. */
export function Page() {
  const billing = usePlatformBilling();
  return (
    <section>
      <PageHeader
        title="Plan and license"
        description="What your platform's plan allows, what it uses, and the license key that sets the plan."
      />
      <AdminQueryState query={billing} label="Loading the plan">
        {(info) => (
          <>
            <PlanSummary info={info} />
            <LicenseKeySection stored={info.licenseKey} />
          </>
        )}
      </AdminQueryState>
    </section>
  );
}

/** The plan's name and expiry, its limits with usage, and its features. */
function PlanSummary({ info }: { info: PlatformBillingInfo }) {
  const { plan, usage } = info;
  const used: Partial<Record<PlatformPlanLimit, number>> = usage;
  return (
    <>
      <section className="settings-section" aria-labelledby="plan-name">
        <h2 id="plan-name">
          Plan: <span className="plan-name">{plan.name}</span>
        </h2>
        <p className="muted">
          {plan.licenseExpiresAt === null ? (
            'Every feature is on and nothing is limited.'
          ) : (
            <>
              Until <DateText iso={plan.licenseExpiresAt} />, when the license key expires and the platform
              returns to the free plan.
            </>
          )}
        </p>
      </section>
      <section className="settings-section" aria-labelledby="plan-limits">
        <h2 id="plan-limits">Limits</h2>
        <DataTable columns={[{ label: 'Limit' }, { label: 'Used' }, { label: 'Allowed' }]}>
          {(Object.keys(LIMIT_LABELS) as PlatformPlanLimit[]).map((limit) => (
            <tr key={limit}>
              <td>{LIMIT_LABELS[limit]}</td>
              <td>{used[limit] ?? '—'}</td>
              <td>{plan.limits[limit] ?? 'Unlimited'}</td>
            </tr>
          ))}
        </DataTable>
      </section>
      <section className="settings-section" aria-labelledby="plan-features">
        <h2 id="plan-features">Features</h2>
        <ul className="plan-features" aria-labelledby="plan-features">
          {(Object.keys(FEATURE_LABELS) as PlatformPlanFeature[]).map((feature) => (
            <li key={feature}>
              {FEATURE_LABELS[feature]}{' '}
              {plan.features[feature] ? (
                <span className="badge success">Included</span>
              ) : (
                <span className="badge">Not included</span>
              )}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
