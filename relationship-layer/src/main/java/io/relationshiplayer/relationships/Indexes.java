package io.relationshiplayer.relationships;

import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexColumn;
import io.relationshiplayer.proto.v1.IndexDef;
import java.util.ArrayList;
import java.util.List;

/** Names of the Record Layer indexes the catalog generates: one namespace per database, so the table is part of it. */
public final class Indexes {
    private Indexes() {
    }

    /** The usual Record Layer index of a secondary index, unique constraint or COUNT index of that name. */
    public static String recordIndex(String table, String index) {
        return table + "$" + index;
    }

    /**
     * The Record Layer index holding the entries of {@code index} (a secondary index, unique constraint or COUNT index
     * of {@code table}): its own (under another name when a foreign key still reads one of its usual name), or the
     * foreign key's index it shares.
     */
    public static String recordIndex(String table, IndexDef index) {
        return index.getRecordIndex().isEmpty() ? recordIndex(table, index.getName()) : index.getRecordIndex();
    }

    /**
     * The Record Layer index of a foreign key's referencing columns: its own, or the index it shares with a secondary
     * index, unique constraint or other foreign key of the table (of exactly those columns, or beginning with them);
     * null when the columns lead the table's primary key, whose prefix scans find the children.
     */
    @javax.annotation.Nullable
    public static String foreignKeyIndex(String table, ForeignKeyDef fk) {
        if (fk.getRecordIndex().equals(PRIMARY_KEY)) {
            return null;
        }
        return fk.getRecordIndex().isEmpty() ? ownForeignKeyIndex(table, fk.getName()) : fk.getRecordIndex();
    }

    /** A foreign key's {@code record_index} when its columns lead the primary key, which then finds the children. */
    public static final String PRIMARY_KEY = "<primary key>";

    /** The name a foreign key's own Record Layer index is given, unless another index holds it. */
    static String ownForeignKeyIndex(String table, String foreignKey) {
        return table + "$fk$" + foreignKey;
    }

    /** The joined record type of a materialized join. */
    public static String joinedType(String table, String join) {
        return (table + "__" + join).replaceAll("[^A-Za-z0-9_]", "_");
    }

    /** The index of a materialized join. */
    public static String joinIndex(String table, String join) {
        return table + "$join$" + join;
    }

    /** The Record Layer SUM index keeping a COUNT index's sum of {@code column} per group. */
    public static String sumIndex(String table, String countIndex, String column) {
        return sumIndex(recordIndex(table, countIndex), column);
    }

    /** The Record Layer SUM index keeping a COUNT index's sum of {@code column} per group. */
    public static String sumIndex(String table, IndexDef countIndex, String column) {
        return sumIndex(recordIndex(table, countIndex), column);
    }

    /** The SUM index of {@code column} beside the COUNT index {@code recordIndex} (a Record Layer index name). */
    static String sumIndex(String recordIndex, String column) {
        return recordIndex + "$sum$" + column;
    }

    public static List<String> columnNames(IndexDef index) {
        List<String> out = new ArrayList<>(index.getColumnsCount());
        for (IndexColumn c : index.getColumnsList()) {
            out.add(c.getColumn());
        }
        return out;
    }
}
