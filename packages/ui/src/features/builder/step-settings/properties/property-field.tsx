/**
 * One property of a generated form, by its type (every type of the pieces framework): texts,
 * numbers, dates, files and custom properties as text accepting `{{ }}` references; checkboxes;
 * static and piece-computed dropdowns; JSON; OBJECT as name/value rows; ARRAY as a list of items;
 * DYNAMIC as piece-computed fields; COLOR with a picker; MARKDOWN as a note
 * rendered as markdown. Properties that are
 * not text can switch to a typed expression ("Dynamic value").
 */
import type { PieceProperty, PropertyType } from '@piecework/shared';
import { ArrayField } from './array-field';
import { ChoiceCheckboxes, ChoiceSelect } from './choice-controls';
import { DynamicDropdownField } from './dynamic-dropdown-field';
import { DynamicPropertiesField } from './dynamic-properties-field';
import { ExpressionInput } from './expression-input';
import { KeyValueList } from './key-value-list';
import { MarkdownNote } from './markdown-note';
import { controlText, editorOf, isChecked, pickerColor, requiredError } from './property-editor';
import { DynamicValueToggle, PropertyFrame, type ControlIds } from './property-frame';
import { readDropdownState, textOf, type PropertyMap } from './property-values';

const PLACEHOLDERS: Partial<Record<PropertyType, string>> = {
  NUMBER: 'A number, or {{ }}',
  DATE_TIME: '2026-01-31T09:00:00Z, or {{ }}',
  FILE: 'A file URL, or {{ }} of a file from an earlier step',
  JSON: '{ "key": "value" }',
};

/** Props of {@link PropertyField}. */
export interface PropertyFieldProps {
  id: string;
  name: string;
  property: PieceProperty;
  value: unknown;
  onChange: (value: unknown) => void;
  showErrors: boolean;
  /** The "Dynamic value" switch (top-level properties of a step only). */
  dynamicValue?: { on: boolean; onToggle: () => void } | undefined;
  /** A DYNAMIC property's stored sub-properties and how to store new ones. */
  schema?: { value: PropertyMap | undefined; onChange: (schema: PropertyMap) => void } | undefined;
}

/** The editor of one property. */
export function PropertyField(props: PropertyFieldProps) {
  const { id, property, value, showErrors, dynamicValue } = props;
  if (property.type === 'MARKDOWN') {
    return <MarkdownNote markdown={property.description ?? ''} />;
  }
  const error = requiredError(property, value, showErrors);
  const editor = editorOf(property.type, dynamicValue?.on === true);
  const toggle =
    dynamicValue !== undefined && editor.switchable ? (
      <DynamicValueToggle
        label={property.displayName}
        on={dynamicValue.on}
        onToggle={dynamicValue.onToggle}
      />
    ) : undefined;
  return (
    <PropertyFrame id={id} property={property} error={error} group={editor.group} toggle={toggle}>
      {(ids) =>
        editor.asText ? (
          <TextControl ids={ids} {...props} rows={editor.rows} />
        ) : (
          <Control ids={ids} {...props} />
        )
      }
    </PropertyFrame>
  );
}

function TextControl({
  ids,
  property,
  value,
  onChange,
  rows,
}: PropertyFieldProps & { ids: ControlIds; rows: number | undefined }) {
  const text = controlText(property, value);
  return (
    <ExpressionInput
      id={ids.id}
      aria-describedby={ids.describedBy}
      aria-invalid={ids.invalid}
      label={property.displayName}
      value={text}
      rows={rows}
      inputMode={property.type === 'NUMBER' ? 'decimal' : undefined}
      // Custom auth declares its secrets as SECRET_TEXT properties.
      type={(property.type as string) === 'SECRET_TEXT' ? 'password' : undefined}
      placeholder={PLACEHOLDERS[property.type]}
      className={property.type === 'JSON' ? 'mono' : undefined}
      onChange={onChange}
    />
  );
}

function Control({
  ids,
  id,
  name,
  property,
  value,
  onChange,
  showErrors,
  schema,
}: PropertyFieldProps & { ids: ControlIds }) {
  switch (property.type) {
    case 'CHECKBOX':
      return (
        <input
          id={ids.id}
          type="checkbox"
          className="checkbox"
          aria-describedby={ids.describedBy}
          checked={isChecked(value)}
          onChange={(event) => onChange(event.target.checked)}
        />
      );
    case 'STATIC_DROPDOWN': {
      const state = readDropdownState((property as { options?: unknown }).options);
      return (
        <ChoiceSelect
          ids={ids}
          options={state.options}
          value={value}
          onChange={onChange}
          placeholder={state.placeholder}
          disabled={state.disabled}
        />
      );
    }
    case 'STATIC_MULTI_SELECT_DROPDOWN': {
      const state = readDropdownState((property as { options?: unknown }).options);
      return (
        <ChoiceCheckboxes
          idPrefix={ids.id}
          options={state.options}
          value={value}
          onChange={onChange}
          disabled={state.disabled}
        />
      );
    }
    case 'DROPDOWN':
    case 'MULTI_SELECT_DROPDOWN':
      return (
        <DynamicDropdownField
          ids={ids}
          name={name}
          property={property}
          value={value}
          onChange={onChange}
          multiple={property.type === 'MULTI_SELECT_DROPDOWN'}
        />
      );
    case 'OBJECT':
      return <KeyValueList idPrefix={id} value={value} onChange={onChange} noun="field" />;
    case 'ARRAY':
      return (
        <ArrayField
          idPrefix={id}
          property={property}
          value={value}
          onChange={onChange}
          showErrors={showErrors}
        />
      );
    case 'DYNAMIC':
      return (
        <DynamicPropertiesField
          idPrefix={id}
          name={name}
          property={property}
          value={value}
          onChange={onChange}
          schema={schema?.value}
          onSchema={(next) => schema?.onChange(next)}
          showErrors={showErrors}
        />
      );
    case 'COLOR':
      return <ColorControl ids={ids} property={property} value={value} onChange={onChange} />;
    default:
      return (
        <TextControl
          ids={ids}
          id={id}
          name={name}
          property={property}
          value={value}
          onChange={onChange}
          showErrors={showErrors}
          rows={undefined}
        />
      );
  }
}

function ColorControl({
  ids,
  property,
  value,
  onChange,
}: {
  ids: ControlIds;
  property: PieceProperty;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const text = textOf(value);
  return (
    <div className="color-control">
      <input
        type="color"
        aria-label={`Pick ${property.displayName}`}
        value={pickerColor(text)}
        onChange={(event) => onChange(event.target.value)}
      />
      <ExpressionInput
        id={ids.id}
        aria-describedby={ids.describedBy}
        aria-invalid={ids.invalid}
        label={property.displayName}
        value={text}
        placeholder="#5a3fd6, or {{ }}"
        onChange={onChange}
      />
    </div>
  );
}
