package io.relationshiplayer.relationships;

import com.apple.foundationdb.tuple.Tuple;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The parent checks of one statement (MATCH SIMPLE: a NULL column skips the check): each parent key is looked up once
 * per statement, in the transaction, so the read's conflict range is the transaction's and a concurrent delete of the
 * parent conflicts. A parent among the rows the statement itself inserted ({@code inserted}) needs no read. An insert's
 * rows are checked in one pass: every distinct parent key's lookup is issued first, then the rows are judged in their
 * order, each row's foreign keys in theirs, so the violation reported is the first row's, as row-by-row checks report it.
 */
final class ParentChecks {
    private final Catalog catalog;
    private final AccessPaths access;
    /** Unique keys of the rows this statement inserted (see {@link #insertedKey}); shared with the write path. */
    private final Set<Tuple> inserted;
    /** The lookup of a referencing value no key of the parent can hold (a DECIMAL of more decimals). */
    private static final CompletableFuture<Boolean> NO_PARENT = CompletableFuture.completedFuture(false);
    /** The foreign keys of each table the statement wrote, resolved once. */
    private final Map<Table, Plan[]> plans = new IdentityHashMap<>();

    /** One foreign key of a referencing table, resolved: its columns' positions, the parent and its lookups. */
    private static final class Plan {
        final ForeignKeyDef fk;
        /** The referencing columns' positions, in the order of the referenced key's columns (which the reads take). */
        final int[] pos;
        /** The referencing columns' positions as the foreign key names them (as an error shows them). */
        final int[] declaredPos;
        final Table parent;
        /** The referenced key's columns, in its order. */
        final List<String> parentKey;
        final int[] parentPos;
        final boolean parentPrimaryKey;
        /**
         * This statement's lookups by the referencing values as the row holds them (column types, compared with
         * equals: equal values are the same stored key); one column's value stands for itself.
         */
        final Map<Object, CompletableFuture<Boolean>> lookups = new HashMap<>();

        Plan(Table t, ForeignKeyDef fk, Table parent) {
            this.fk = fk;
            this.declaredPos = t.positions(fk.getColumnsList());
            this.parent = parent;
            Table.KeyColumns key = parent.keyOf(fk.getReferencedColumnsList());
            if (key == null) {
                throw new IllegalStateException("foreign key " + fk.getName() + " references no key of " + parent);
            }
            this.parentKey = key.columns();
            this.pos = KeyOrder.apply(KeyOrder.of(parentKey, fk.getReferencedColumnsList()), declaredPos);
            this.parentPos = parent.positions(parentKey);
            this.parentPrimaryKey = Arrays.equals(parentPos, parent.primaryKey());
        }
    }

    ParentChecks(Catalog catalog, AccessPaths access, Set<Tuple> inserted) {
        this.catalog = catalog;
        this.access = access;
        this.inserted = inserted;
    }

    /** The key under which {@code inserted} holds a row's values of a unique key {@code columns} of {@code t}. */
    static Tuple insertedKey(Table t, List<String> columns, int[] pos, Object[] values) {
        List<Object> names = new ArrayList<>();
        names.add(Table.key(t.name()));
        columns.forEach(c -> names.add(Table.key(c)));
        return Tuple.fromList(names).add(RowCodec.indexKey(t, pos, values));
    }

    private Plan[] plans(Table t) {
        Plan[] p = plans.get(t);
        if (p == null) {
            List<ForeignKeyDef> fks = t.foreignKeys();
            p = new Plan[fks.size()];
            for (int i = 0; i < p.length; i++) {
                p[i] = new Plan(t, fks.get(i), catalog.requireTable(fks.get(i).getReferencedTable()));
            }
            plans.put(t, p);
        }
        return p;
    }

    /** Whether the statement inserted the parent of {@code v} itself (no read needed). */
    private boolean insertedParent(Plan p, Object[] v) {
        return !inserted.isEmpty() && inserted.contains(insertedKey(p.parent, p.parentKey,
                p.parentPos, v));
    }

    private static Object lookupKey(Object[] v) {
        return v.length == 1 ? v[0] : Arrays.asList(v);
    }

    /**
     * The lookup of the parent of {@code v} (no NULL in it) along {@code p}; null when the statement inserted that
     * parent itself.
     */
    private CompletableFuture<Boolean> lookup(Plan p, Object[] v) {
        if (!Values.fitKey(p.parent, p.parentPos, v)) {
            return NO_PARENT;
        }
        if (insertedParent(p, v)) {
            return null;
        }
        Object key = lookupKey(v);
        CompletableFuture<Boolean> lookup = p.lookups.get(key);
        if (lookup == null) {
            lookup = p.parentPrimaryKey ? access.exists(p.parent, v)
                    : access.existsByKey(p.parent, p.parentKey, v);
            p.lookups.put(key, lookup);
        }
        return lookup;
    }

    /**
     * The parent checks of rows inserted into {@code t}: their lookups are issued now, each foreign key's together
     * (in key order where they are primary-key reads: {@link AccessPaths#existAll}); {@link Pending#join} judges.
     */
    Pending insert(Table t, List<Row> rows) {
        Plan[] p = plans(t);
        int n = p.length == 0 ? 0 : rows.size() * p.length;
        Object[] keys = new Object[n]; // null: no check
        List<List<Object[]>> fresh = new ArrayList<>(p.length);
        for (int i = 0; i < p.length; i++) {
            fresh.add(new ArrayList<>());
        }
        for (int r = 0; r < rows.size() && p.length > 0; r++) {
            Row row = rows.get(r);
            for (int i = 0; i < p.length; i++) {
                Object[] v = row.project(p[i].pos);
                if (Row.anyNull(v)) {
                    continue;
                }
                if (!Values.fitKey(p[i].parent, p[i].parentPos, v)) {
                    keys[r * p.length + i] = NO_PARENT; // no parent key can equal it
                    continue;
                }
                if (insertedParent(p[i], v)) {
                    continue;
                }
                Object key = lookupKey(v);
                keys[r * p.length + i] = key;
                if (!p[i].lookups.containsKey(key)) {
                    p[i].lookups.put(key, null); // issued below
                    fresh.get(i).add(v);
                }
            }
        }
        for (int i = 0; i < p.length; i++) {
            Plan plan = p[i];
            List<Object[]> values = fresh.get(i);
            List<CompletableFuture<Boolean>> issued = plan.parentPrimaryKey ? access.existAll(plan.parent, values)
                    : values.stream().map(v -> access.existsByKey(plan.parent, plan.parentKey, v))
                    .toList();
            for (int k = 0; k < values.size(); k++) {
                plan.lookups.put(lookupKey(values.get(k)), issued.get(k));
            }
        }
        @SuppressWarnings("unchecked")
        CompletableFuture<Boolean>[] lookups = new CompletableFuture[n];
        for (int j = 0; j < n; j++) {
            lookups[j] = keys[j] == null ? null : keys[j] == NO_PARENT ? NO_PARENT
                    : p[j % p.length].lookups.get(keys[j]);
        }
        return new Pending(t, rows, p, lookups);
    }

    /** Parent checks issued for an insert's rows, judged in row order. */
    static final class Pending {
        private final Table table;
        private final List<Row> rows;
        private final Plan[] plans;
        private final CompletableFuture<Boolean>[] lookups;

        private Pending(Table table, List<Row> rows, Plan[] plans, CompletableFuture<Boolean>[] lookups) {
            this.table = table;
            this.rows = rows;
            this.plans = plans;
            this.lookups = lookups;
        }

        /** Waits for the lookups; the first row (then foreign key) whose parent is missing is refused. */
        void join() {
            for (int i = 0; i < lookups.length; i++) {
                if (lookups[i] != null && !joined(lookups[i])) {
                    Plan p = plans[i % plans.length];
                    throw violation(table, p, rows.get(i / plans.length).project(p.declaredPos));
                }
            }
        }
    }

    /**
     * The parents of an updated row's foreign keys exist; references unchanged from {@code old} are not checked again
     * unless one of their columns is in {@code recheck}.
     */
    CompletableFuture<Void> update(Table t, Row row, Row old, Set<Integer> recheck) {
        List<CompletableFuture<Void>> checks = new ArrayList<>();
        for (Plan p : plans(t)) {
            Object[] v = row.project(p.pos);
            boolean forced = false;
            for (int i : p.pos) {
                forced |= recheck.contains(i);
            }
            if (Row.anyNull(v) || (!forced && old != null && Row.sameKey(v, old.project(p.pos)))) {
                continue;
            }
            CompletableFuture<Boolean> lookup = lookup(p, v);
            if (lookup != null) {
                checks.add(lookup.thenAccept(exists -> {
                    if (!exists) {
                        throw violation(t, p, row.project(p.declaredPos));
                    }
                }));
            }
        }
        return CompletableFuture.allOf(checks.toArray(new CompletableFuture<?>[0]));
    }

    private static boolean joined(CompletableFuture<Boolean> lookup) {
        try {
            return lookup.join();
        } catch (CompletionException e) {
            Throwable cause = WritePath.unwrap(e);
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            throw e;
        }
    }

    private static RelationalException violation(Table t, Plan p, Object[] v) {
        return RelationalException.violation(RelationalException.Kind.FOREIGN_KEY_VIOLATION, p.fk.getName(),
                "insert or update on table \"" + t.name() + "\" violates foreign key constraint \"" + p.fk.getName()
                        + "\"", "Key " + WritePath.describe(t, p.declaredPos, v) + " is not present in table \""
                        + p.parent.name() + "\".");
    }
}
