/**
 * ARRAY properties: a list of items with add and remove buttons. Without `properties` each item
 * is one text (accepting `{{ }}`); with them, each item is a small form of those fields and the
 * value is a list of objects, as the pieces framework stores it.
 */
import type { PieceProperty } from '@piecework/shared';
import { X } from 'lucide-react';
import { useRef, useState } from 'react';
import { ExpressionInput } from './expression-input';
import { PropertyForm } from './property-form';
import { isRecord, textOf, type PropertyMap } from './property-values';

/** Props of {@link ArrayField}. */
export interface ArrayFieldProps {
  idPrefix: string;
  property: PieceProperty;
  value: unknown;
  onChange: (value: unknown[]) => void;
  showErrors: boolean;
  disabled?: boolean | undefined;
}

/** The item fields of an ARRAY property, when it declares them. */
function itemProps(property: PieceProperty): PropertyMap | undefined {
  const properties = (property as { properties?: unknown }).properties;
  return isRecord(properties) && Object.keys(properties).length > 0 ? (properties as PropertyMap) : undefined;
}

/** The items of an ARRAY property. */
export function ArrayField({ idPrefix, property, value, onChange, showErrors, disabled }: ArrayFieldProps) {
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  const fields = itemProps(property);
  const nextId = useRef(0);
  const [ids, setIds] = useState<number[]>(() => items.map(() => nextId.current++));
  if (ids.length !== items.length) setIds(items.map(() => nextId.current++));
  const replace = (at: number, item: unknown) =>
    onChange(items.map((old, index) => (index === at ? item : old)));
  const remove = (at: number) => {
    setIds(ids.filter((_, index) => index !== at));
    onChange(items.filter((_, index) => index !== at));
  };
  const add = () => {
    setIds([...ids, nextId.current++]);
    onChange([...items, fields === undefined ? '' : {}]);
  };
  return (
    <div className="array-field">
      {items.map((item, at) => {
        const label = `${property.displayName} item ${String(at + 1)}`;
        const id = ids[at] ?? at;
        return (
          <div className={fields === undefined ? 'array-item inline' : 'array-item'} key={id}>
            {fields === undefined ? (
              <ExpressionInput
                aria-label={label}
                label={label}
                value={textOf(item)}
                disabled={disabled}
                onChange={(text) => replace(at, text)}
              />
            ) : (
              <div role="group" aria-label={label} className="array-item-form">
                <PropertyForm
                  idPrefix={`${idPrefix}-${String(id)}`}
                  props={fields}
                  values={isRecord(item) ? item : {}}
                  onChange={(name, inner) => replace(at, { ...(isRecord(item) ? item : {}), [name]: inner })}
                  showErrors={showErrors}
                />
              </div>
            )}
            <button
              type="button"
              className="icon-btn"
              aria-label={`Remove ${label}`}
              disabled={disabled}
              onClick={() => remove(at)}
            >
              <X aria-hidden="true" className="icon" />
            </button>
          </div>
        );
      })}
      <button type="button" className="btn small" disabled={disabled} onClick={add}>
        Add item
      </button>
    </div>
  );
}
