/**
 * The table of a page of keys (API keys, signing keys): name, a value column (the key's last
 * characters, its id), creation date and a Delete button per key, then the pager.
 */
import type { Page as ListPage } from '@piecework/shared';
import { DataTable } from '../../components/data-table';
import { DateText } from '../../components/date-text';
import { Pager } from '../../components/pager';
import type { ListedKey } from './use-key-list';

/** Props of {@link KeyTable}. */
export interface KeyTableProps<K extends ListedKey & { created: string }> {
  page: ListPage<K>;
  /** What the keys are, for labels: "API key", "signing key". */
  noun: string;
  /** The value column: its heading and what it shows of a key. */
  valueLabel: string;
  value: (key: K) => string;
  onDelete: (key: K) => void;
  onGo: (cursor: string) => void;
}

/** The keys of `page`, each with its Delete button. */
export function KeyTable<K extends ListedKey & { created: string }>(props: KeyTableProps<K>) {
  const { page, noun } = props;
  return (
    <>
      <DataTable
        columns={[
          { label: 'Name' },
          { label: props.valueLabel },
          { label: 'Created', className: 'hide-narrow' },
          { label: 'Actions', className: 'actions', hideLabel: true },
        ]}
      >
        {page.data.map((key) => (
          <tr key={key.id}>
            <td>{key.displayName}</td>
            <td className="mono">{props.value(key)}</td>
            <td className="hide-narrow">
              <DateText iso={key.created} />
            </td>
            <td className="actions">
              <button
                type="button"
                className="btn small"
                aria-label={`Delete the ${noun} ${key.displayName}`}
                onClick={() => props.onDelete(key)}
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager page={page} onGo={props.onGo} label={`${noun}s`} />
    </>
  );
}
