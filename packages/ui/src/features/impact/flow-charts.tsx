/**
 * The Impact charts per flow: success rate, p50/p95 duration and minutes saved, one bar (or
 * pair of bars) per flow, most runs first.
 */
import type { ImpactFlow } from '@piecework/shared';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from './chart-figure';
import { formatDuration, formatMinutes, formatRate } from './impact-format';

const TOOLTIP_STYLE = { background: 'var(--surface)', borderColor: 'var(--border)' };

/** A chart's height for `count` flows, one row each. */
function heightFor(count: number): number {
  return Math.max(120, 40 + count * 36);
}

/** Each flow's success rate, in percent. */
export function SuccessRateChart({ flows }: { flows: readonly ImpactFlow[] }) {
  const data = flows.map((flow) => ({
    name: flow.displayName,
    rate: Math.round((flow.successRate ?? 0) * 1000) / 10,
  }));
  return (
    <ChartFigure
      title="Success rate per flow"
      description="The share of each flow's production runs that succeeded."
      empty="No flow ran in this range."
      summary={[
        ['Flow', 'Runs', 'Succeeded', 'Success rate'],
        ...flows.map((flow) => [flow.displayName, flow.runs, flow.succeeded, formatRate(flow.successRate)]),
      ]}
    >
      <ResponsiveContainer width="100%" height={heightFor(flows.length)}>
        <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ left: 24 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis type="number" domain={[0, 100]} unit="%" stroke="var(--muted)" />
          <YAxis type="category" dataKey="name" width={140} stroke="var(--muted)" />
          <Tooltip contentStyle={TOOLTIP_STYLE} />
          <Bar dataKey="rate" name="Success rate (%)" fill="var(--success)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** Each flow's median and 95th percentile run duration, in seconds. */
export function DurationChart({ flows }: { flows: readonly ImpactFlow[] }) {
  const seconds = (ms: number | null) => (ms === null ? 0 : Math.round(ms) / 1000);
  const data = flows.map((flow) => ({
    name: flow.displayName,
    p50: seconds(flow.p50DurationMs),
    p95: seconds(flow.p95DurationMs),
  }));
  return (
    <ChartFigure
      title="Run duration per flow"
      description="The median (p50) and 95th percentile (p95) time a production run took, in seconds."
      empty="No flow ran in this range."
      summary={[
        ['Flow', 'p50', 'p95'],
        ...flows.map((flow) => [
          flow.displayName,
          formatDuration(flow.p50DurationMs),
          formatDuration(flow.p95DurationMs),
        ]),
      ]}
    >
      <ResponsiveContainer width="100%" height={heightFor(flows.length)}>
        <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ left: 24 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis type="number" unit=" s" stroke="var(--muted)" />
          <YAxis type="category" dataKey="name" width={140} stroke="var(--muted)" />
          <Tooltip contentStyle={TOOLTIP_STYLE} />
          <Legend />
          <Bar dataKey="p50" name="p50 (s)" fill="var(--primary)" isAnimationActive={false} />
          <Bar dataKey="p95" name="p95 (s)" fill="var(--border-strong)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** Each flow's minutes saved (its minutes per run times its successful runs). */
export function TimeSavedChart({ flows }: { flows: readonly ImpactFlow[] }) {
  const saving = flows.filter((flow) => flow.minutesSaved > 0);
  return (
    <ChartFigure
      title="Time saved per flow"
      description="Minutes saved per run (set in each flow's builder) times its successful runs."
      empty="No flow has saved time in this range: set the minutes a run saves in the flow's builder."
      summary={[
        ['Flow', 'Minutes per run', 'Successful runs', 'Time saved'],
        ...saving.map((flow) => [
          flow.displayName,
          flow.timeSavedPerRun ?? 0,
          flow.succeeded,
          formatMinutes(flow.minutesSaved),
        ]),
      ]}
    >
      <ResponsiveContainer width="100%" height={heightFor(saving.length)}>
        <BarChart
          data={saving.map((flow) => ({ name: flow.displayName, minutes: flow.minutesSaved }))}
          layout="vertical"
          accessibilityLayer={false}
          margin={{ left: 24 }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis type="number" unit=" min" stroke="var(--muted)" />
          <YAxis type="category" dataKey="name" width={140} stroke="var(--muted)" />
          <Tooltip contentStyle={TOOLTIP_STYLE} />
          <Bar dataKey="minutes" name="Minutes saved" fill="var(--primary)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
