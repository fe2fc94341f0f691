package io.relationshiplayer.relationships;

import io.relationshiplayer.proto.v1.CheckDef;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.proto.v1.TableDef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.annotation.Nonnull;

/** A table of the catalog: its definition with lookups by column name and the positions of its keys. */
public final class Table {
    private final TableDef def;
    private final Map<String, Integer> columnIndex = new HashMap<>();
    private final int[] primaryKey;
    /** The checks as the latest compiler made them (a catalog version's tables are shared, so once per version). */
    private volatile CompiledChecks compiled;

    private record CompiledChecks(CheckCompiler compiler, List<CheckCompiler.Compiled> checks) {
    }

    Table(TableDef def) {
        this.def = def;
        for (int i = 0; i < def.getColumnsCount(); i++) {
            columnIndex.put(key(def.getColumns(i).getName()), i);
        }
        primaryKey = positions(def.getPrimaryKeyList());
    }

    static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    @Nonnull
    public TableDef def() {
        return def;
    }

    @Nonnull
    public String name() {
        return def.getName();
    }

    /** The Record Layer record type that holds the rows. */
    @Nonnull
    public String recordType() {
        return def.getRecordType();
    }

    public List<ColumnDef> columns() {
        return def.getColumnsList();
    }

    public int columnCount() {
        return def.getColumnsCount();
    }

    public ColumnDef column(int i) {
        return def.getColumns(i);
    }

    /** The position of a column (names compare case-insensitively), or -1. */
    public int columnIndex(String name) {
        Integer i = columnIndex.get(key(name));
        return i == null ? -1 : i;
    }

    /** The position of a column, or UNDEFINED_OBJECT naming it. */
    public int requireColumn(String name) {
        int i = columnIndex(name);
        if (i < 0) {
            throw RelationalException.undefinedColumn("column \"" + name + "\" of table \"" + name() + "\" does not exist");
        }
        return i;
    }

    public int[] positions(List<String> names) {
        int[] out = new int[names.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = requireColumn(names.get(i));
        }
        return out;
    }

    /** Positions of the primary-key columns, in key order. */
    public int[] primaryKey() {
        return primaryKey.clone();
    }

    /** Whether the table was created without a primary key: its key is a hidden row key column. */
    public boolean hasRowKey() {
        return primaryKey.length == 1 && column(primaryKey[0]).getHidden();
    }

    public List<IndexDef> uniqueConstraints() {
        return def.getUniqueConstraintsList();
    }

    public List<IndexDef> indexes() {
        return def.getIndexesList();
    }

    /** COUNT indexes: rows per distinct value of their columns. */
    public List<IndexDef> countIndexes() {
        return def.getCountIndexesList();
    }

    /** The COUNT index named {@code name}; undefined_object if there is none. */
    public IndexDef requireCountIndex(String name) {
        return countIndexes().stream().filter(i -> key(i.getName()).equals(key(name))).findFirst()
                .orElseThrow(() -> RelationalException.undefined("COUNT index \"" + name + "\" on table \""
                        + name() + "\" does not exist"));
    }

    public List<ForeignKeyDef> foreignKeys() {
        return def.getForeignKeysList();
    }

    /** CHECK constraints, in the order they were added. */
    public List<CheckDef> checks() {
        return def.getChecksList();
    }

    /** The checks compiled by {@code compiler}, in the order of {@link #checks()}: compiled on first use. */
    List<CheckCompiler.Compiled> compiledChecks(CheckCompiler compiler) {
        if (def.getChecksCount() == 0) {
            return List.of();
        }
        CompiledChecks c = compiled;
        if (c == null || c.compiler() != compiler) {
            List<CheckCompiler.Compiled> checks = new ArrayList<>(def.getChecksCount());
            for (CheckDef check : def.getChecksList()) {
                checks.add(compiler.compile(this, check.getExpression()));
            }
            c = new CompiledChecks(compiler, List.copyOf(checks));
            compiled = c;
        }
        return c.checks();
    }

    /** Every unique key: the primary key first (named "<table>_pkey"), then the unique constraints. */
    public List<KeyColumns> uniqueKeys() {
        List<KeyColumns> out = new ArrayList<>();
        out.add(new KeyColumns(name() + "_pkey", def.getPrimaryKeyList(), true));
        for (IndexDef u : def.getUniqueConstraintsList()) {
            out.add(new KeyColumns(u.getName(), Indexes.columnNames(u), false));
        }
        return out;
    }

    /**
     * The unique key whose columns are {@code columns} in any order (PostgreSQL lets a foreign key name them so), the
     * one of exactly their order first, then the primary key, then the unique constraints; null if there is none.
     */
    public KeyColumns keyOf(List<String> columns) {
        List<KeyColumns> keys = uniqueKeys();
        for (KeyColumns k : keys) {
            if (SharedIndexes.sameColumns(k.columns(), columns)) {
                return k;
            }
        }
        for (KeyColumns k : keys) {
            if (KeyOrder.of(k.columns(), columns) != null) {
                return k;
            }
        }
        return null;
    }

    /** The field name of a column in the table's record message. */
    public static String fieldName(ColumnDef c) {
        if (!c.getFieldName().isEmpty()) {
            return c.getFieldName();
        }
        return c.getName().matches("[A-Za-z_][A-Za-z0-9_]*") ? c.getName() : "f" + c.getFieldNumber();
    }

    public String fieldName(int column) {
        return fieldName(def.getColumns(column));
    }

    /** A unique key of a table: its constraint name and columns. */
    public record KeyColumns(String name, List<String> columns, boolean primary) {
    }

    @Override
    public String toString() {
        return name();
    }
}
