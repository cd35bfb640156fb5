import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';
import { FieldType } from './field-type';

/** The choices of a STATIC_DROPDOWN field. */
export const FieldData = z.object({ options: z.array(z.object({ value: z.string() })) });
export type FieldData = z.infer<typeof FieldData>;

/** A field (column) of a table; `data` holds a STATIC_DROPDOWN field's options, else null. */
export const Field = z.object({
  ...BaseModelFields,
  name: z.string(),
  type: FieldType,
  tableId: z.string(),
  projectId: z.string(),
  externalId: z.string(),
  data: FieldData.nullable(),
});
export type Field = z.infer<typeof Field>;

/** Body of `POST /v1/fields`: add a field to a table (`data` only for STATIC_DROPDOWN). */
export const CreateFieldRequest = z.object({
  name: z.string().trim().min(1).max(255),
  type: FieldType,
  tableId: z.string(),
  data: FieldData.nullable().optional(),
  externalId: z.string().min(1).max(255).optional(),
});
export type CreateFieldRequest = z.infer<typeof CreateFieldRequest>;

/** Body of `POST /v1/fields/:id`: rename a field, or change a dropdown's options. */
export const UpdateFieldRequest = z.object({
  name: z.string().trim().min(1).max(255).optional(),
  data: FieldData.nullable().optional(),
});
export type UpdateFieldRequest = z.infer<typeof UpdateFieldRequest>;

/** Query of `GET /v1/fields?tableId`: every field of a table, oldest first. */
export const ListFieldsQuery = z.object({ tableId: z.string() });
export type ListFieldsQuery = z.infer<typeof ListFieldsQuery>;
