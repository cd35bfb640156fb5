/**
 * The frame of one property in a generated form: its label (a `<legend>` for properties made of
 * several controls), a required mark, the "Dynamic value" switch when the property offers one,
 * its description as a hint and "required" when it is left empty. Controls inside get the ids to
 * wire (`id`, `aria-describedby`, `aria-invalid`).
 */
import type { ReactNode } from 'react';
import type { PieceProperty } from '@piecework/shared';
import { Tooltip } from '../../../../components/tooltip';

/** Ids a control inside a {@link PropertyFrame} wires itself to. */
export interface ControlIds {
  readonly id: string;
  readonly describedBy: string | undefined;
  readonly invalid: boolean;
}

/** Props of {@link PropertyFrame}. */
export interface PropertyFrameProps {
  id: string;
  property: PieceProperty;
  /** Shown under the control when set ("Required"). */
  error?: string | undefined;
  /** Several controls: a fieldset with a legend instead of a label. */
  group?: boolean;
  /** The "Dynamic value" switch, when the property has one. */
  toggle?: ReactNode;
  children: (ids: ControlIds) => ReactNode;
}

/** A labelled property with its hint and error. */
export function PropertyFrame({ id, property, error, group, toggle, children }: PropertyFrameProps) {
  const hintId = property.description ? `${id}-hint` : undefined;
  const errorId = error === undefined ? undefined : `${id}-error`;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const title = (
    <>
      {property.displayName}
      {property.required ? (
        <span className="required-mark" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </>
  );
  const body = (
    <>
      {children({ id, describedBy, invalid: error !== undefined })}
      {hintId === undefined ? null : (
        <div id={hintId} className="field-hint">
          {property.description}
        </div>
      )}
      {errorId === undefined ? null : (
        <div id={errorId} className="field-error">
          {error}
        </div>
      )}
    </>
  );
  if (group === true) {
    return (
      <fieldset className="prop-field prop-group" aria-describedby={describedBy}>
        <legend>{title}</legend>
        {toggle === undefined ? null : <div className="prop-group-toggle">{toggle}</div>}
        {body}
      </fieldset>
    );
  }
  return (
    <div className="prop-field">
      <div className="prop-label-row">
        <label htmlFor={id}>{title}</label>
        {toggle}
      </div>
      {body}
    </div>
  );
}

/** The switch between a property's own editor and a typed `{{ }}` expression. */
export function DynamicValueToggle({
  label,
  on,
  onToggle,
}: {
  label: string;
  on: boolean;
  onToggle: () => void;
}) {
  return (
    <Tooltip content="Dynamic value: type a {{ }} expression instead">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={`Dynamic value for ${label}`}
        className={`dynamic-toggle ${on ? 'on' : ''}`}
        onClick={onToggle}
      >
        {'{{ }}'}
      </button>
    </Tooltip>
  );
}
