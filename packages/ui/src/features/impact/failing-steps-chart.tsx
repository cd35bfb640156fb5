/** The Impact chart of the steps that stopped most production runs. */
import type { ImpactFailingStep } from '@piecework/shared';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from './chart-figure';

/** The steps that failed most, most first, named "flow › step". */
export function FailingStepsChart({ steps }: { steps: readonly ImpactFailingStep[] }) {
  const label = (step: ImpactFailingStep) => `${step.flowDisplayName} › ${step.stepDisplayName}`;
  return (
    <ChartFigure
      title="Most failing steps"
      description="The steps that stopped the most production runs."
      empty="No step failed in this range."
      summary={[
        ['Flow', 'Step', 'Failures'],
        ...steps.map((step) => [step.flowDisplayName, step.stepDisplayName, step.failures]),
      ]}
    >
      <ResponsiveContainer width="100%" height={Math.max(120, 40 + steps.length * 36)}>
        <BarChart
          data={steps.map((step) => ({ name: label(step), failures: step.failures }))}
          layout="vertical"
          accessibilityLayer={false}
          margin={{ left: 24 }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis type="number" allowDecimals={false} stroke="var(--muted)" />
          <YAxis type="category" dataKey="name" width={200} stroke="var(--muted)" />
          <Tooltip contentStyle={{ background: 'var(--surface)', borderColor: 'var(--border)' }} />
          <Bar dataKey="failures" name="Failures" fill="var(--danger)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
