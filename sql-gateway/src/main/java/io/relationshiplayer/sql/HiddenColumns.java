package io.relationshiplayer.sql;

import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.relationships.Table;
import io.relationshiplayer.sql.calcite.RecordLayerTable;
import io.relationshiplayer.sql.calcite.StatementRowsSchema;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.validate.SqlNameMatcher;
import org.apache.calcite.sql.validate.SqlValidatorScope;
import org.apache.calcite.sql.validate.SqlValidatorTable;

/**
 * The hidden row key of tables without a primary key in select lists: Calcite leaves it out of {@code *} (it reads as
 * a rolled-up column there, see {@link RecordLayerTable#isRolledUp}), but expands {@code t.*} without asking; so
 * {@code t.*} of such a table is written out here as its visible columns before Calcite expands the list.
 */
final class HiddenColumns {
    private HiddenColumns() {
    }

    static SqlNodeList qualifiedStars(SqlNodeList items, SqlValidatorScope scope, SqlNameMatcher matcher) {
        List<SqlNode> out = new ArrayList<>(items.size());
        boolean changed = false;
        for (SqlNode item : items) {
            Table t = item instanceof SqlIdentifier id && id.isStar() && id.names.size() > 1
                    ? table(scope, id.skipLast(1), matcher) : null;
            if (t == null || !t.hasRowKey()) {
                out.add(item);
                continue;
            }
            SqlIdentifier id = (SqlIdentifier) item;
            for (ColumnDef c : t.columns()) {
                if (!c.getHidden()) {
                    out.add(id.skipLast(1).plus(c.getName(), id.getParserPosition()));
                }
            }
            changed = true;
        }
        return changed ? new SqlNodeList(out, items.getParserPosition()) : items;
    }

    /** The database table {@code prefix} names in the scope (or its rows kept by the statement), if it names one. */
    private static Table table(SqlValidatorScope scope, SqlIdentifier prefix, SqlNameMatcher matcher) {
        SqlValidatorScope.ResolvedImpl resolved = new SqlValidatorScope.ResolvedImpl();
        scope.resolve(prefix.names, matcher, false, resolved);
        if (resolved.count() != 1) {
            return null;
        }
        SqlValidatorTable table = resolved.only().namespace.getTable();
        if (table == null) {
            return null;
        }
        RecordLayerTable rl = table.unwrap(RecordLayerTable.class);
        return rl != null ? rl.table()
                : StatementRowsSchema.tableOf(table.unwrap(org.apache.calcite.schema.Table.class));
    }
}
