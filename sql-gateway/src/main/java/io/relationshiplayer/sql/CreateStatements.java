package io.relationshiplayer.sql;

import io.relationshiplayer.proto.v1.CatalogValue;
import io.relationshiplayer.proto.v1.CheckDef;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexColumn;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.proto.v1.ReferentialAction;
import io.relationshiplayer.proto.v1.ViewColumn;
import io.relationshiplayer.proto.v1.ViewDef;
import io.relationshiplayer.relationships.Table;
import io.relationshiplayer.relationships.Values;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import javax.annotation.Nonnull;

/**
 * The DDL that recreates a table or view as the catalog holds it (SHOW CREATE): run on an empty database it gives the
 * same definitions. A table's CREATE TABLE has one element a line: the columns (type, NOT NULL, DEFAULT), its
 * PRIMARY KEY (not the hidden row key), then its UNIQUE, CHECK and, last, FOREIGN KEY constraints, each named; then
 * its CREATE INDEX and CREATE COUNT INDEX statements. Every statement ends with {@code ;}.
 */
final class CreateStatements {
    private CreateStatements() {
    }

    @Nonnull
    static String table(@Nonnull Table t) {
        List<String> elements = new ArrayList<>();
        for (ColumnDef c : t.columns()) {
            if (!c.getHidden()) {
                elements.add(column(c));
            }
        }
        if (!t.hasRowKey()) {
            elements.add("PRIMARY KEY (" + names(t.def().getPrimaryKeyList()) + ")");
        }
        List<IndexDef> uniqueIndexes = new ArrayList<>();
        for (IndexDef u : t.uniqueConstraints()) {
            if (u.getColumnsList().stream().anyMatch(IndexColumn::getDescending)) {
                uniqueIndexes.add(u); // UNIQUE (...) has no DESC: CREATE UNIQUE INDEX keeps the order
            } else {
                elements.add("CONSTRAINT " + SqlIdentifiers.quote(u.getName()) + " UNIQUE (" + columns(u) + ")");
            }
        }
        for (CheckDef c : t.checks()) {
            elements.add("CONSTRAINT " + SqlIdentifiers.quote(c.getName()) + " CHECK (" + c.getExpression() + ")");
        }
        for (ForeignKeyDef fk : t.foreignKeys()) {
            elements.add(foreignKey(fk));
        }
        String name = SqlIdentifiers.quote(t.name());
        StringBuilder out = new StringBuilder("CREATE TABLE ").append(name).append(" (\n    ")
                .append(String.join(",\n    ", elements)).append("\n);");
        for (IndexDef u : uniqueIndexes) {
            out.append("\nCREATE UNIQUE INDEX ").append(SqlIdentifiers.quote(u.getName())).append(" ON ").append(name)
                    .append(" (").append(columns(u)).append(");");
        }
        for (IndexDef i : t.indexes()) {
            out.append("\nCREATE INDEX ").append(SqlIdentifiers.quote(i.getName())).append(" ON ").append(name)
                    .append(" (").append(columns(i)).append(");");
        }
        for (IndexDef i : t.countIndexes()) {
            out.append("\nCREATE COUNT INDEX ").append(SqlIdentifiers.quote(i.getName())).append(" ON ").append(name)
                    .append(" (").append(columns(i)).append(")");
            if (i.getSumColumnsCount() > 0) {
                out.append(" WITH SUM (").append(names(i.getSumColumnsList())).append(")");
            }
            out.append(';');
        }
        return out.toString();
    }

    /** CONSTRAINT name FOREIGN KEY (columns) REFERENCES table (columns) [ON DELETE action] [ON UPDATE action]. */
    @Nonnull
    static String foreignKey(@Nonnull ForeignKeyDef fk) {
        StringBuilder s = new StringBuilder("CONSTRAINT ").append(SqlIdentifiers.quote(fk.getName()))
                .append(" FOREIGN KEY (").append(names(fk.getColumnsList())).append(") REFERENCES ")
                .append(SqlIdentifiers.quote(fk.getReferencedTable())).append(" (")
                .append(names(fk.getReferencedColumnsList())).append(")");
        if (fk.getOnDelete() != ReferentialAction.NO_ACTION) {
            s.append(" ON DELETE ").append(fk.getOnDelete().name().replace('_', ' '));
        }
        if (fk.getOnUpdate() != ReferentialAction.NO_ACTION) {
            s.append(" ON UPDATE ").append(fk.getOnUpdate().name().replace('_', ' '));
        }
        return s.toString();
    }

    /** CREATE VIEW name [(columns)] AS query; the column list only where a name differs from the query's. */
    @Nonnull
    static String view(@Nonnull ViewDef v) {
        StringBuilder s = new StringBuilder("CREATE VIEW ").append(SqlIdentifiers.quote(v.getName()));
        boolean renamed = v.getColumnsList().stream().anyMatch(c -> !c.getName().equals(c.getQueryColumn()));
        if (renamed) {
            List<String> cols = new ArrayList<>();
            for (ViewColumn c : v.getColumnsList()) {
                cols.add(c.getName());
            }
            s.append(" (").append(names(cols)).append(")");
        }
        return s.append(" AS ").append(v.getQuery()).append(';').toString();
    }

    /**
     * A column's type as DDL writes it: {@code VARCHAR(40)}, {@code DECIMAL(12,2)}, {@code TIMESTAMP(0)}, {@code
     * TIME(3)}.
     */
    static String typeName(ColumnType t) {
        String name = Values.typeName(t).toUpperCase(Locale.ROOT);
        int digits = io.relationshiplayer.sql.calcite.Timestamps.precision(t);
        return (t.getKind() == ColumnKind.TIMESTAMP || t.getKind() == ColumnKind.TIME)
                && digits < io.relationshiplayer.sql.calcite.Timestamps.PRECISION
                ? name + "(" + digits + ")" : name;
    }

    private static String column(ColumnDef c) {
        StringBuilder s = new StringBuilder(SqlIdentifiers.quote(c.getName())).append(' ')
                .append(typeName(c.getType()));
        if (c.getNotNull()) {
            s.append(" NOT NULL");
        }
        if (c.hasDefaultValue()) {
            s.append(" DEFAULT ").append(literal(c.getType().getKind(), c.getDefaultValue()));
        }
        return s.toString();
    }

    /**
     * A DEFAULT as the literal the DDL parser reads back into the same catalog value: a DECIMAL's text bare when it
     * has a fraction (so that it stays text), quoted otherwise (bare, a whole number would be read as an integer).
     */
    private static String literal(ColumnKind kind, CatalogValue v) {
        switch (v.getKindCase()) {
            case INT64_VALUE:
                return Long.toString(v.getInt64Value());
            case DOUBLE_VALUE:
                return Double.toString(v.getDoubleValue());
            case BOOL_VALUE:
                return v.getBoolValue() ? "TRUE" : "FALSE";
            case BYTES_VALUE:
                return "'\\x" + HexFormat.of().formatHex(v.getBytesValue().toByteArray()) + "'";
            case STRING_VALUE: {
                String s = v.getStringValue();
                if (kind == ColumnKind.DECIMAL && s.matches("-?[0-9]*\\.[0-9]+|-?[0-9]+\\.[0-9]*")) {
                    return s;
                }
                String quoted = SqlIdentifiers.literal(s);
                return kind == ColumnKind.DATE ? "DATE " + quoted : kind == ColumnKind.TIMESTAMP ? "TIMESTAMP "
                        + quoted : kind == ColumnKind.TIME ? "TIME " + quoted : quoted;
            }
            default:
                return "NULL";
        }
    }

    private static String columns(IndexDef i) {
        List<String> parts = new ArrayList<>();
        for (IndexColumn c : i.getColumnsList()) {
            parts.add(SqlIdentifiers.quote(c.getColumn()) + (c.getDescending() ? " DESC" : ""));
        }
        return String.join(", ", parts);
    }

    private static String names(List<String> names) {
        List<String> quoted = new ArrayList<>(names.size());
        names.forEach(n -> quoted.add(SqlIdentifiers.quote(n)));
        return String.join(", ", quoted);
    }
}
