/**
 * The filters above the runs table: a search over what runs carried, flow, status, environment,
 * a range of days, tags, the failed step, and whether archived runs show.
 */
import type { PopulatedFlow } from '@piecework/shared';
import { SelectField, TextField } from '../../components/field';
import { hasRunFilters } from './run-filters';
import { Switch } from '../../components/switch';
import { StatusFilter } from './status-filter';
import { DebouncedTextFilter, tagsText } from './run-search-fields';
import type { RunFiltersState } from './use-run-filters';

/** Props of {@link RunFiltersBar}. */
export interface RunFiltersBarProps {
  state: RunFiltersState;
  /** The project's flows to pick from (undefined while loading). */
  flows: readonly PopulatedFlow[] | undefined;
}

/** The filter controls of the runs list, bound to the URL. */
export function RunFiltersBar({ state, flows }: RunFiltersBarProps) {
  const { filters, change, clear } = state;
  const flowOptions = (flows ?? []).map((flow) => ({ value: flow.id, label: flow.version.displayName }));
  if (filters.flowId !== undefined && !flowOptions.some((option) => option.value === filters.flowId)) {
    flowOptions.push({ value: filters.flowId, label: flows === undefined ? 'Loading…' : 'Unknown flow' });
  }
  return (
    <div className="toolbar run-filters" role="search" aria-label="Filter runs">
      <DebouncedTextFilter
        label="Search"
        type="search"
        placeholder="Words in payloads, outputs, errors"
        value={filters.search ?? ''}
        onSettle={(text) => change({ search: text.trim() || undefined })}
      />
      <SelectField
        label="Flow"
        options={flowOptions}
        placeholder="All flows"
        value={filters.flowId ?? ''}
        onValueChange={(value) => change({ flowId: value || undefined })}
      />
      <StatusFilter selected={filters.statuses} onChange={(statuses) => change({ statuses })} />
      <SelectField
        label="Environment"
        options={[
          { value: 'PRODUCTION', label: 'Production' },
          { value: 'TESTING', label: 'Testing' },
        ]}
        value={filters.environment}
        onValueChange={(value) => change({ environment: value === 'TESTING' ? 'TESTING' : 'PRODUCTION' })}
      />
      <TextField
        label="From"
        type="date"
        value={filters.createdAfter ?? ''}
        max={filters.createdBefore}
        onChange={(event) => change({ createdAfter: event.target.value || undefined })}
      />
      <TextField
        label="To"
        type="date"
        value={filters.createdBefore ?? ''}
        min={filters.createdAfter}
        onChange={(event) => change({ createdBefore: event.target.value || undefined })}
      />
      <DebouncedTextFilter
        label="Tags"
        placeholder="tag, another"
        value={tagsText.format(filters.tags)}
        onSettle={(text) => {
          const tags = tagsText.parse(text);
          change({ tags: tags.length > 0 ? tags : undefined });
        }}
      />
      <DebouncedTextFilter
        label="Failed step"
        placeholder="step_1"
        value={filters.failedStepName ?? ''}
        onSettle={(text) => change({ failedStepName: text.trim() || undefined })}
      />
      <div className="field run-archived-toggle">
        <span id="show-archived-label">Show archived</span>
        <Switch
          label="Show archived"
          on={filters.includeArchived === true}
          onToggle={(on) => change({ includeArchived: on || undefined })}
        />
      </div>
      {hasRunFilters(filters) ? (
        <button type="button" className="btn" onClick={clear}>
          Clear filters
        </button>
      ) : null}
    </div>
  );
}
