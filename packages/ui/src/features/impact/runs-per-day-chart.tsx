/** The Impact chart of production runs per day, stacked by the status they ended with. */
import type { FlowRunStatus, ImpactDayRuns } from '@piecework/shared';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from './chart-figure';

/** The colour of each end status, from the app's tokens (so the dark theme has its own). */
const STATUS_COLOURS: Partial<Record<FlowRunStatus, string>> = {
  SUCCEEDED: 'var(--success)',
  FAILED: 'var(--danger)',
  TIMEOUT: 'var(--warning)',
  INTERNAL_ERROR: 'var(--primary)',
  CANCELED: 'var(--muted)',
};

/** How a status is named in the legend. */
function statusLabel(status: string): string {
  return status.charAt(0) + status.slice(1).toLowerCase().replaceAll('_', ' ');
}

/** Runs per day by status; the statuses shown are those some day has. */
export function RunsPerDayChart({ days }: { days: readonly ImpactDayRuns[] }) {
  const statuses = [...new Set(days.flatMap((day) => Object.keys(day.byStatus)))].sort() as FlowRunStatus[];
  const data = days.map((day) => ({ day: day.day.slice(5), ...day.byStatus }));
  const withRuns = days.filter((day) => day.total > 0);
  return (
    <ChartFigure
      title="Runs per day"
      description="Production runs by the day they ended, stacked by how they ended."
      empty="No production run ended in this range."
      summary={[
        ['Day', ...statuses.map(statusLabel), 'Total'],
        ...withRuns.map((day) => [
          day.day,
          ...statuses.map((status) => day.byStatus[status] ?? 0),
          day.total,
        ]),
      ]}
    >
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={data} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis dataKey="day" stroke="var(--muted)" />
          <YAxis allowDecimals={false} stroke="var(--muted)" />
          <Tooltip contentStyle={{ background: 'var(--surface)', borderColor: 'var(--border)' }} />
          <Legend />
          {statuses.map((status) => (
            <Bar
              key={status}
              dataKey={status}
              name={statusLabel(status)}
              stackId="runs"
              fill={STATUS_COLOURS[status] ?? 'var(--border-strong)'}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
