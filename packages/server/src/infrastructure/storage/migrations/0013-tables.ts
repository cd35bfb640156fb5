/**
 * Tables: a project's tables (`dataTable`), their fields (`tableField`), records (`tableRecord`)
 * and cells (`tableCell`, one per record and field). Beside its text a cell keeps the value read
 * as a number (`number`) and as an instant in epoch milliseconds (`instant`), each null when the
 * text is not one, indexed per field, so `gt|gte|lt|lte` filters on NUMBER and DATE fields are
 * index range scans. A record's `seq` is its creation order within the table (exports).
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dataTable')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('projectId', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('folderId', 'text')
    .addColumn('externalId', 'text', (c) => c.notNull())
    .addColumn('status', 'text')
    .addColumn('trigger', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('data_table_project_idx')
    .on('dataTable')
    .columns(['projectId', 'created', 'id'])
    .execute();

  await db.schema
    .createTable('tableField')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tableId', 'text', (c) => c.notNull().references('dataTable.id').onDelete('cascade'))
    .addColumn('projectId', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('externalId', 'text', (c) => c.notNull())
    .addColumn('data', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('table_field_table_idx')
    .on('tableField')
    .columns(['tableId', 'created'])
    .execute();

  await db.schema
    .createTable('tableRecord')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tableId', 'text', (c) => c.notNull().references('dataTable.id').onDelete('cascade'))
    .addColumn('projectId', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('table_record_page_idx')
    .on('tableRecord')
    .columns(['tableId', 'created', 'id'])
    .execute();
  await db.schema.createIndex('table_record_seq_idx').on('tableRecord').columns(['tableId', 'seq']).execute();

  await db.schema
    .createTable('tableCell')
    .addColumn('recordId', 'text', (c) => c.notNull().references('tableRecord.id').onDelete('cascade'))
    .addColumn('fieldId', 'text', (c) => c.notNull().references('tableField.id').onDelete('cascade'))
    .addColumn('tableId', 'text', (c) => c.notNull())
    .addColumn('value', 'text')
    .addColumn('number', 'real')
    .addColumn('instant', 'real')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('table_cell_pk', ['recordId', 'fieldId'])
    .execute();
  await db.schema.createIndex('table_cell_value_idx').on('tableCell').columns(['fieldId', 'value']).execute();
  await db.schema
    .createIndex('table_cell_number_idx')
    .on('tableCell')
    .columns(['fieldId', 'number'])
    .execute();
  await db.schema
    .createIndex('table_cell_instant_idx')
    .on('tableCell')
    .columns(['fieldId', 'instant'])
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tableCell').execute();
  await db.schema.dropTable('tableRecord').execute();
  await db.schema.dropTable('tableField').execute();
  await db.schema.dropTable('dataTable').execute();
}

/** Migration `0013-tables`. */
export const tables: Migration = { up, down };
