/**
 * An Impact report drawn: the totals of the range (runs, success rate, time saved), then the
 * charts: runs per day by status, success rate, duration and time saved per flow, and the most
 * failing steps. Used by the project's and the platform's Impact pages.
 */
import type { ImpactReport } from '@piecework/shared';
import { FailingStepsChart } from './failing-steps-chart';
import { DurationChart, SuccessRateChart, TimeSavedChart } from './flow-charts';
import { formatMinutes, formatRate } from './impact-format';
import { RunsPerDayChart } from './runs-per-day-chart';
import './impact.css';

/** The figures and charts of `report`. */
export function ImpactReportView({ report }: { report: ImpactReport }) {
  return (
    <div className="impact-report">
      <dl className="impact-totals" aria-label="Totals">
        <div>
          <dt>Runs</dt>
          <dd data-testid="impact-total-runs">{report.totals.runs}</dd>
        </div>
        <div>
          <dt>Succeeded</dt>
          <dd data-testid="impact-total-succeeded">{report.totals.succeeded}</dd>
        </div>
        <div>
          <dt>Success rate</dt>
          <dd>{formatRate(report.totals.successRate)}</dd>
        </div>
        <div>
          <dt>Time saved</dt>
          <dd data-testid="impact-time-saved">{formatMinutes(report.totals.minutesSaved)}</dd>
        </div>
      </dl>
      <RunsPerDayChart days={report.days} />
      <div className="impact-grid">
        <SuccessRateChart flows={report.flows} />
        <DurationChart flows={report.flows} />
        <TimeSavedChart flows={report.flows} />
        <FailingStepsChart steps={report.failingSteps} />
      </div>
    </div>
  );
}
