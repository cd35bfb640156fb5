/**
 * What both Impact pages show under their header: the range picker and the report of the range
 * picked, loaded with `load` (the project's or the platform's endpoint).
 */
import type { ImpactQuery, ImpactReport } from '@piecework/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SelectField } from '../../components/field';
import { AdminQueryState } from '../settings/admin-query-state';
import { IMPACT_RANGE_OPTIONS, lastDays } from './impact-range';
import { ImpactReportView } from './impact-report-view';

/** Props of {@link ImpactPageBody}. */
export interface ImpactPageBodyProps {
  /** The query key's scope, e.g. `['project', projectId]`. */
  scope: readonly string[];
  load: (query: ImpactQuery) => Promise<ImpactReport>;
}

/** The range picker and the report. */
export function ImpactPageBody({ scope, load }: ImpactPageBodyProps) {
  const [days, setDays] = useState('30');
  const query = lastDays(Number(days));
  const report = useQuery({
    queryKey: ['impact', ...scope, query],
    queryFn: () => load(query),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className="toolbar">
        <SelectField label="Range" value={days} options={IMPACT_RANGE_OPTIONS} onValueChange={setDays} />
      </div>
      <AdminQueryState query={report} label="Loading figures">
        {(data) => <ImpactReportView report={data} />}
      </AdminQueryState>
    </>
  );
}
