package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.proto.v1.ViewDef;
import io.relationshiplayer.relationships.Catalog;
import io.relationshiplayer.relationships.Table;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The object ids {@code pg_class}, {@code pg_attribute}, {@code pg_index} and {@code pg_constraint} give the tables,
 * views, indexes and constraints of a catalog, which keeps none. Each is a hash of what names the object for good: a
 * table's Record Layer record type (never reused, so a table dropped and created again gets another id), a view's
 * name, an index's or a constraint's table and name. So
 * ids do not depend on the session, the process or the catalog's version: they change only with the object. They lie
 * in PostgreSQL's range for user objects ({@value #FIRST_NORMAL_OBJECT_ID} up) and below 2^31, so a tool that reads
 * them as int4 gets them right. Two objects whose hashes meet are told apart by taking the next free id, in the order
 * of their names, so ids are unique within a catalog.
 */
final class PgObjectIds {
    /** PostgreSQL's first id for objects made after initdb. */
    static final long FIRST_NORMAL_OBJECT_ID = 16384;
    private static final long RANGE = (1L << 31) - FIRST_NORMAL_OBJECT_ID;

    private final Map<String, Long> ids = new HashMap<>();

    private PgObjectIds(Set<String> keys) {
        Set<Long> taken = new HashSet<>();
        for (String key : new TreeSet<>(keys)) {
            long id = hash(key);
            while (!taken.add(id)) {
                id = id + 1 == FIRST_NORMAL_OBJECT_ID + RANGE ? FIRST_NORMAL_OBJECT_ID : id + 1;
            }
            ids.put(key, id);
        }
    }

    /** The ids of every table, view and index of {@code catalog}. */
    static PgObjectIds of(Catalog catalog) {
        Set<String> keys = new HashSet<>();
        for (Table t : catalog.tables()) {
            keys.add(tableKey(t));
            for (PgRelations.Index i : PgRelations.indexes(t)) {
                keys.add(indexKey(t, i.name()));
            }
            for (String constraint : PgConstraints.names(t)) {
                keys.add(constraintKey(t, constraint));
            }
        }
        for (ViewDef v : catalog.views()) {
            keys.add(viewKey(v));
        }
        return new PgObjectIds(keys);
    }

    long table(Table t) {
        return ids.get(tableKey(t));
    }

    long view(ViewDef v) {
        return ids.get(viewKey(v));
    }

    long index(Table t, String index) {
        return ids.get(indexKey(t, index));
    }

    long constraint(Table t, String constraint) {
        return ids.get(constraintKey(t, constraint));
    }

    private static String tableKey(Table t) {
        return "table " + t.recordType().toLowerCase(Locale.ROOT);
    }

    private static String viewKey(ViewDef v) {
        return "view " + v.getName().toLowerCase(Locale.ROOT);
    }

    private static String indexKey(Table t, String index) {
        return "index " + t.recordType().toLowerCase(Locale.ROOT) + " " + index.toLowerCase(Locale.ROOT);
    }

    private static String constraintKey(Table t, String constraint) {
        return "constraint " + t.recordType().toLowerCase(Locale.ROOT) + " " + constraint.toLowerCase(Locale.ROOT);
    }

    /** The first four bytes of the key's SHA-256 digest, in the range of ids. */
    private static long hash(String key) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            long h = (d[0] & 0xFFL) << 24 | (d[1] & 0xFFL) << 16 | (d[2] & 0xFFL) << 8 | d[3] & 0xFFL;
            return FIRST_NORMAL_OBJECT_ID + h % RANGE;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }
}
