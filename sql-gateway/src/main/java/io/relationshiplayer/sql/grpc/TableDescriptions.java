package io.relationshiplayer.sql.grpc;

import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.proto.v1.DescribeTableResponse;
import io.relationshiplayer.proto.v1.ListTablesResponse;
import io.relationshiplayer.proto.v1.TableColumn;
import io.relationshiplayer.proto.v1.TableConstraint;
import io.relationshiplayer.proto.v1.TableSummary;
import io.relationshiplayer.sql.RowStream;
import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.StatementResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The rows of SHOW TABLES and DESCRIBE as structured messages. */
final class TableDescriptions {
    /**
     * A column's definition as DESCRIBE writes it: "VARCHAR(40) NOT NULL DEFAULT 'open'", "DECIMAL(12,2)",
     * "TIMESTAMP(0)".
     */
    private static final Pattern COLUMN = Pattern.compile(
            "([A-Z]+)(?:\\((\\d+)(?:,\\s*(\\d+))?\\))?( NOT NULL)?(?: DEFAULT (.*))?", Pattern.DOTALL);

    private TableDescriptions() {
    }

    static ListTablesResponse tables(StatementResult result) {
        ListTablesResponse.Builder out = ListTablesResponse.newBuilder();
        for (Object[] row : rows(result)) {
            out.addTables(TableSummary.newBuilder().setName((String) row[0])
                    .setColumnCount(((Number) row[1]).longValue()).setKind((String) row[2]));
        }
        return out.build();
    }

    /**
     * Rows of DESCRIBE: (kind, name, definition) for every column, key, foreign key, index, materialized join; a view's
     * query is a constraint of kind "view".
     */
    static DescribeTableResponse describe(String table, StatementResult result) {
        DescribeTableResponse.Builder out = DescribeTableResponse.newBuilder().setTable(table);
        List<TableColumn.Builder> columns = new ArrayList<>();
        for (Object[] row : rows(result)) {
            String kind = (String) row[0];
            String name = (String) row[1];
            String definition = (String) row[2];
            if (kind.equals("column")) {
                columns.add(column(name, definition));
                continue;
            }
            if (kind.equals("primary key")) {
                for (String c : definition.replaceAll("^\\(|\\)$", "").split(",")) {
                    out.addPrimaryKey(c.strip());
                }
            }
            out.addConstraints(TableConstraint.newBuilder().setKind(kind).setName(name).setDefinition(definition));
        }
        for (TableColumn.Builder c : columns) {
            if (out.getPrimaryKeyList().contains(c.getName())) {
                c.setNullable(false);
            }
            out.addColumns(c);
        }
        return out.build();
    }

    private static TableColumn.Builder column(String name, String definition) {
        Matcher m = COLUMN.matcher(definition);
        if (!m.matches()) {
            throw new SqlException(SqlException.INTERNAL_ERROR, "cannot read the definition of column \"" + name
                    + "\": " + definition);
        }
        ColumnKind kind = ColumnKind.valueOf(m.group(1).toUpperCase(Locale.ROOT));
        ColumnType.Builder type = ColumnType.newBuilder().setKind(kind);
        if (m.group(2) != null) {
            int first = Integer.parseInt(m.group(2));
            if (kind == ColumnKind.DECIMAL) {
                type.setPrecision(first).setScale(m.group(3) == null ? 0 : Integer.parseInt(m.group(3)));
            } else if (kind == ColumnKind.TIMESTAMP || kind == ColumnKind.TIME) {
                // TIMESTAMP(p) or TIME(p), p below six (0 included); plain TIMESTAMP or TIME leaves it unset
                type.setPrecision(first);
            } else {
                type.setLength(first);
            }
        }
        return TableColumn.newBuilder().setName(name).setType(type).setNullable(m.group(4) == null)
                .setDefaultSql(m.group(5) == null ? "" : m.group(5));
    }

    private static List<Object[]> rows(StatementResult result) {
        List<Object[]> out = new ArrayList<>();
        try (RowStream rows = ((StatementResult.Query) result).rows()) {
            rows.forEachRemaining(out::add);
        }
        return out;
    }
}
