package io.relationshiplayer.relationships;

import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.proto.v1.TableDef;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One Record Layer index for keys of exactly the same columns. A foreign key's referencing columns need an index (a
 * parent's delete finds its children by it), and PostgreSQL's advice is to index them, so a schema often declares
 * that index too: two indexes of the same entries, each written by every insert. Instead a foreign key added to a
 * table reads the primary key if its columns lead it, else the index of a unique constraint, index or foreign key of
 * exactly its columns, else an index (unique or not) that begins with them; and a secondary index or unique
 * constraint created with exactly a foreign key's columns is that foreign key's index, ready at once.
 *
 * <p>Every index is a plain value index of its columns in ascending order (a DESC column orders scans, not entries),
 * so keys of the same columns have the same entries. An index of exactly a foreign key's columns stays while any key
 * using it remains: the schema generator generates each Record Layer index once, from whichever key names it. A longer
 * index that goes (dropped, or with a column) leaves its foreign keys an index of their own ({@link #afterChange}).
 */
final class SharedIndexes {
    private SharedIndexes() {
    }

    /** The Record Layer indexes of {@code t}'s unique constraints, secondary indexes and foreign keys, by name. */
    static Map<String, List<String>> of(TableDef t) {
        Map<String, List<String>> out = defined(t);
        for (ForeignKeyDef fk : t.getForeignKeysList()) {
            String name = Indexes.foreignKeyIndex(t.getName(), fk);
            if (name != null) {
                out.putIfAbsent(name, fk.getColumnsList());
            }
        }
        return out;
    }

    /**
     * The Record Layer indexes of {@code t}'s unique constraints and secondary indexes, by name: those are generated
     * with their columns; a foreign key's index, with the key's columns, only where none of these names it.
     */
    private static Map<String, List<String>> defined(TableDef t) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (IndexDef u : t.getUniqueConstraintsList()) {
            out.putIfAbsent(Indexes.recordIndex(t.getName(), u), Indexes.columnNames(u));
        }
        for (IndexDef i : t.getIndexesList()) {
            out.putIfAbsent(Indexes.recordIndex(t.getName(), i), Indexes.columnNames(i));
        }
        return out;
    }

    /**
     * {@code fk}, about to be added to {@code t}, with the index it reads: the primary key if its columns lead it, else
     * one of {@code t}'s of exactly its columns, else the shortest index or unique constraint that begins with them,
     * else its own, under its usual name unless an index of {@code t} holds that name already.
     */
    static ForeignKeyDef forForeignKey(TableDef t, ForeignKeyDef fk) {
        List<String> pk = t.getPrimaryKeyList();
        int n = fk.getColumnsCount();
        if (n <= pk.size() && sameColumns(pk.subList(0, n), fk.getColumnsList())) {
            return fk.toBuilder().setRecordIndex(Indexes.PRIMARY_KEY).build();
        }
        Map<String, List<String>> existing = of(t);
        for (Map.Entry<String, List<String>> e : existing.entrySet()) {
            if (sameColumns(e.getValue(), fk.getColumnsList())) {
                return fk.toBuilder().setRecordIndex(e.getKey()).build();
            }
        }
        // An index that begins with its columns finds the children too (the shortest such, fewest bytes per entry).
        String longer = null;
        for (Map.Entry<String, List<String>> e : defined(t).entrySet()) {
            List<String> cols = e.getValue();
            if (cols.size() > fk.getColumnsCount() && sameColumns(cols.subList(0, fk.getColumnsCount()),
                    fk.getColumnsList()) && (longer == null || cols.size() < existing.get(longer).size())) {
                longer = e.getKey();
            }
        }
        if (longer != null) {
            return fk.toBuilder().setRecordIndex(longer).build();
        }
        String own = Indexes.ownForeignKeyIndex(t.getName(), fk.getName());
        String name = free(t, own, List.of());
        return name.equals(own) ? fk.toBuilder().clearRecordIndex().build()
                : fk.toBuilder().setRecordIndex(name).build();
    }

    /**
     * A secondary index or unique constraint about to be added to {@code t}: a foreign key's of exactly its columns
     * (a unique constraint's duplicates are then looked for in it, as in an index of its own), or its own.
     */
    static IndexDef forIndex(TableDef t, IndexDef index) {
        Map<String, List<String>> existing = of(t);
        for (ForeignKeyDef fk : t.getForeignKeysList()) {
            String name = Indexes.foreignKeyIndex(t.getName(), fk);
            // the foreign key's index must hold exactly these columns (not a longer index the key reads a prefix of)
            if (name != null && sameColumns(existing.get(name), Indexes.columnNames(index))) {
                return index.toBuilder().setRecordIndex(name).build();
            }
        }
        return own(t, index);
    }

    /**
     * A unique constraint, secondary index or COUNT index about to be added to {@code t} with a Record Layer index of
     * its own: under its usual name ({@code <table>$<name>}, and a COUNT index's sums after it) unless a key of
     * {@code t} still reads an index of that name, as a foreign key does that shared a dropped index of that name.
     */
    static IndexDef own(TableDef t, IndexDef index) {
        String own = Indexes.recordIndex(t.getName(), index.getName());
        String name = free(t, own, index.getSumColumnsList());
        return name.equals(own) ? index.toBuilder().clearRecordIndex().build()
                : index.toBuilder().setRecordIndex(name).build();
    }

    /** {@code name}, else {@code name$2}, {@code name$3}, ...: the first that no index of {@code t} (nor sums) uses. */
    private static String free(TableDef t, String name, List<String> sums) {
        Set<String> taken = new HashSet<>(of(t).keySet());
        for (IndexDef c : t.getCountIndexesList()) {
            taken.add(Indexes.recordIndex(t.getName(), c));
            for (String sum : c.getSumColumnsList()) {
                taken.add(Indexes.sumIndex(t.getName(), c, sum));
            }
        }
        String candidate = name;
        for (int n = 2; takenWithSums(taken, candidate, sums); n++) {
            candidate = name + "$" + n;
        }
        return candidate;
    }

    private static boolean takenWithSums(Set<String> taken, String name, List<String> sums) {
        if (taken.contains(name)) {
            return true;
        }
        for (String sum : sums) {
            if (taken.contains(Indexes.sumIndex(name, sum))) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code after}, a change of {@code before}, where a foreign key that read a longer index which the change removed
     * gets an index again: one of the table's that fits, else its own (built as for a new foreign key). A foreign key
     * that read an index of exactly its columns keeps it: generated from the key, the index is the same.
     */
    static TableDef afterChange(TableDef before, TableDef after) {
        if (before == null || after.getForeignKeysCount() == 0) {
            return after;
        }
        Map<String, List<String>> was = defined(before);
        Map<String, List<String>> now = defined(after);
        TableDef out = after;
        for (int i = 0; i < after.getForeignKeysCount(); i++) {
            ForeignKeyDef fk = after.getForeignKeys(i);
            String name = Indexes.foreignKeyIndex(after.getName(), fk);
            List<String> columns = was.get(name);
            if (name == null || now.containsKey(name) || columns == null
                    || sameColumns(columns, fk.getColumnsList())) {
                continue;
            }
            TableDef others = out.toBuilder().removeForeignKeys(i).build();
            out = out.toBuilder().setForeignKeys(i, forForeignKey(others, fk.toBuilder().clearRecordIndex().build()))
                    .build();
        }
        return out;
    }

    /** Whether two lists name the same columns in the same order (names compared as the catalog keys them). */
    static boolean sameColumns(List<String> a, List<String> b) {
        if (a == null || a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!Table.key(a.get(i)).equals(Table.key(b.get(i)))) {
                return false;
            }
        }
        return true;
    }
}
