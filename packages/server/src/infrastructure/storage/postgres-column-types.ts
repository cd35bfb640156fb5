/**
 * How the schema keeps SQLite's text order on PostgreSQL. Ids are time-ordered `[0-9A-Za-z]`
 * strings and cursor pages compare `(created, id)`: both assume byte order, which is SQLite's
 * (`BINARY`) but not PostgreSQL's default collation (`en_US.UTF-8` sorts `a` before `B`). Rather
 * than require a database created with `LC_COLLATE 'C'`, every `text` column is declared
 * `collate "C"` on PostgreSQL, so comparisons, `order by` and indexes follow byte order whatever
 * the database's default; `real` becomes `double precision` (PostgreSQL's `real` has 4 bytes,
 * SQLite's 8). The migrations stay written once: this plugin rewrites their column types.
 */
import {
  DataTypeNode,
  OperationNodeTransformer,
  RawNode,
  type ColumnDefinitionNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

class PostgresColumnTypes extends OperationNodeTransformer {
  protected override transformColumnDefinition(node: ColumnDefinitionNode): ColumnDefinitionNode {
    const column = super.transformColumnDefinition(node);
    if (!DataTypeNode.is(column.dataType)) return column;
    switch (column.dataType.dataType) {
      case 'text':
        return { ...column, dataType: RawNode.createWithSql('text collate "C"') };
      case 'real':
        return { ...column, dataType: DataTypeNode.create('double precision') };
      default:
        return column;
    }
  }
}

/**
 * The plugin the PostgreSQL store runs its migrations with (`db.withPlugin(...)`): `text`
 * columns byte-ordered (`collate "C"`), `real` columns 8-byte. Only for schema statements; queries
 * need nothing, since a comparison with a `collate "C"` column takes the column's collation.
 */
export const postgresColumnTypes: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return new PostgresColumnTypes().transformNode(args.node);
  },
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  },
};
