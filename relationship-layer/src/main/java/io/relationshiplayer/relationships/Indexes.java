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

    /** The Record Layer index of a secondary index or unique constraint. */
    public static String recordIndex(String table, String index) {
        return table + "$" + index;
    }

    /** The Record Layer index backing a foreign key: its referencing columns. */
    public static String foreignKeyIndex(String table, ForeignKeyDef fk) {
        return table + "$fk$" + fk.getName();
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
        return recordIndex(table, countIndex) + "$sum$" + column;
    }

    public static List<String> columnNames(IndexDef index) {
        List<String> out = new ArrayList<>(index.getColumnsCount());
        for (IndexColumn c : index.getColumnsList()) {
            out.add(c.getColumn());
        }
        return out;
    }
}
