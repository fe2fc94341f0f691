package io.relationshiplayer.relationships;

import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStoreBase.RecordExistenceCheck;
import com.apple.foundationdb.record.provider.foundationdb.RecordAlreadyExistsException;
import com.apple.foundationdb.tuple.Tuple;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.proto.v1.ReferentialAction;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The one write path: inserts, updates and deletes with every constraint checked and every referential action applied,
 * all inside the session's transaction. The lookups of a batch are issued together, not one round trip at a time.
 * One instance is one statement: NO ACTION checks run when it ends, after cascades had their chance.
 */
final class WritePath {
    private final Catalog catalog;
    private final FDBRecordStore store;
    private final RowCodec codec;
    private final AccessPaths access;
    private final CheckCompiler checks;
    private final Set<Tuple> deleted = new HashSet<>();
    private final List<Runnable> deferred = new ArrayList<>();
    /** Unique keys of the rows this statement inserted, by table and key columns: parents within the statement. */
    private final Set<Tuple> inserted = new HashSet<>();
    /** The statement's parent lookups. */
    private final ParentChecks parentChecks;

    WritePath(Catalog catalog, FDBRecordStore store, RowCodec codec, AccessPaths access, CheckCompiler checks) {
        this.catalog = catalog;
        this.store = store;
        this.codec = codec;
        this.access = access;
        this.checks = checks;
        this.parentChecks = new ParentChecks(catalog, access, inserted);
    }

    /** Ends the statement: the deferred NO ACTION checks. */
    void finish() {
        for (Runnable check : deferred) {
            check.run();
        }
        deferred.clear();
    }

    // ---- rows from values ----

    /**
     * A new row of {@code t}: given values coerced to the column types, DEFAULT for the others, NOT NULL and CHECK
     * constraints checked.
     */
    Row newRow(Table t, Map<String, Object> values) {
        Object[] out = new Object[t.columnCount()];
        boolean[] given = new boolean[out.length];
        for (Map.Entry<String, Object> e : values.entrySet()) {
            int i = t.requireColumn(e.getKey());
            if (given[i]) {
                throw RelationalException.duplicateColumn("column \"" + e.getKey() + "\" specified more than once");
            }
            given[i] = true;
            out[i] = Values.written(t.column(i), e.getValue());
        }
        for (int i = 0; i < out.length; i++) {
            if (!given[i]) {
                out[i] = TimestampPrecision.toColumn(t.column(i), Values.defaultValue(t.column(i)));
            }
            if (out[i] == null && t.column(i).getHidden()) {
                out[i] = RowIds.of(store.getContext().getDatabase()).next();
            }
        }
        checkNotNull(t, out);
        checkConstraints(t, out);
        return new Row(t, out);
    }

    private static void checkNotNull(Table t, Object[] values) {
        for (int i = 0; i < values.length; i++) {
            ColumnDef c = t.column(i);
            if (values[i] == null && c.getNotNull()) {
                throw RelationalException.violation(RelationalException.Kind.NOT_NULL_VIOLATION,
                        t.name() + "." + c.getName(), "null value in column \"" + c.getName() + "\" of relation \""
                                + t.name() + "\" violates not-null constraint",
                        "Failing row contains " + failingRow(t, values) + ".");
            }
        }
    }

    /** The CHECK constraints of {@code t}, in their order: the first that is FALSE refuses the row. */
    private void checkConstraints(Table t, Object[] values) {
        List<CheckCompiler.Compiled> compiled = t.compiledChecks(checks);
        for (int i = 0; i < compiled.size(); i++) {
            if (!compiled.get(i).test(values)) {
                String name = t.checks().get(i).getName();
                throw RelationalException.violation(RelationalException.Kind.CHECK_VIOLATION, name,
                        "new row for relation \"" + t.name() + "\" violates check constraint \"" + name + "\"",
                        "Failing row contains " + failingRow(t, values) + ".");
            }
        }
    }

    /** The row's visible values as PostgreSQL's DETAIL shows them: {@code (1, abc, null)}. */
    private static String failingRow(Table t, Object[] values) {
        StringBuilder out = new StringBuilder("(");
        for (int i = 0; i < values.length; i++) {
            if (!t.column(i).getHidden()) {
                out.append(out.length() == 1 ? "" : ", ").append(values[i] == null ? "null"
                        : values[i] instanceof String ? values[i] : Values.show(values[i]));
            }
        }
        return out.append(")").toString();
    }

    // ---- insert ----

    List<Row> insert(Table t, List<Row> rows) {
        checkBatchUniqueness(t, rows);
        // Only a table some foreign key references can be a parent within the statement.
        for (Row r : catalog.referencing(t.name()).isEmpty() ? List.<Row>of() : rows) {
            for (Table.KeyColumns k : t.uniqueKeys()) {
                int[] pos = t.positions(k.columns());
                Object[] v = r.project(pos);
                if (!Row.anyNull(v)) {
                    inserted.add(ParentChecks.insertedKey(t, k.columns(), pos, v));
                }
            }
        }
        List<CompletableFuture<Void>> unique = new ArrayList<>(rows.size());
        for (Row r : rows) {
            unique.add(checkUniqueConstraints(t, r, null));
        }
        ParentChecks.Pending parents = parentChecks.insert(t, rows);
        // The saves' reads (does the row exist?) go out with the checks', not a round trip after them: a refused
        // statement's writes never commit (its transaction is aborted), so they need not wait for the checks.
        List<CompletableFuture<?>> saves = new ArrayList<>(rows.size());
        for (Row r : rows) {
            saves.add(store.saveRecordAsync(codec.toRecord(t, r.values()), RecordExistenceCheck.ERROR_IF_EXISTS));
        }
        try {
            // PostgreSQL's order: row by row, its primary key and unique keys as it is inserted; then the foreign
            // keys, which its triggers check after the statement.
            for (int i = 0; i < rows.size(); i++) {
                joinSave(t, rows.get(i), saves.get(i));
                joinInOrder(unique.subList(i, i + 1));
            }
            parents.join();
        } catch (RuntimeException e) {
            settle(saves); // nothing of the statement still writes once it has been refused
            throw e;
        }
        return rows;
    }

    private void joinSave(Table t, Row row, CompletableFuture<?> save) {
        try {
            joinInOrder(List.of(save));
        } catch (RelationalException e) {
            throw e;
        } catch (RuntimeException e) {
            Throwable cause = unwrap(e);
            if (cause instanceof RecordAlreadyExistsException) {
                throw duplicatePrimaryKey(t, row, cause);
            }
            throw e;
        }
    }

    /** The row whose save found its primary key taken: PostgreSQL's message, the key in the DETAIL. */
    private RelationalException duplicatePrimaryKey(Table t, Row row, Throwable cause) {
        String key = "Key " + describe(t, t.primaryKey(), row.primaryKey()) + " already exists.";
        return new RelationalException(RelationalException.Kind.UNIQUE_VIOLATION,
                RelationalException.Kind.UNIQUE_VIOLATION.sqlState(), "duplicate key value violates unique "
                + "constraint \"" + t.name() + "_pkey\"", key, null, t.name() + "_pkey", cause);
    }

    /** Two rows of one batch with the same unique key: refused before anything is read. */
    private void checkBatchUniqueness(Table t, List<Row> rows) {
        if (rows.size() < 2) {
            return;
        }
        for (Table.KeyColumns k : t.uniqueKeys()) {
            int[] pos = t.positions(k.columns());
            Set<Tuple> seen = new HashSet<>();
            for (Row r : rows) {
                Object[] v = r.project(pos);
                if (!Row.anyNull(v) && !seen.add(RowCodec.indexKey(t, pos, v))) {
                    throw RelationalException.violation(RelationalException.Kind.UNIQUE_VIOLATION, k.name(),
                            "duplicate key value violates unique constraint \"" + k.name() + "\"",
                                    "Key " + describe(t, pos, v) + " already exists.");
                }
            }
        }
    }

    /** Unique constraints of a row (NULLs never collide); {@code old} is the row's previous version on update. */
    private CompletableFuture<Void> checkUniqueConstraints(Table t, Row row, Row old) {
        List<CompletableFuture<Void>> checks = new ArrayList<>();
        Object[] ownKey = row.primaryKey();
        Object[] oldKey = old == null ? null : old.primaryKey();
        for (IndexDef u : t.uniqueConstraints()) {
            int[] pos = t.positions(Indexes.columnNames(u));
            Object[] v = row.project(pos);
            if (Row.anyNull(v) || (old != null && Row.sameKey(v, old.project(pos)))) {
                continue;
            }
            checks.add(access.withUniqueValues(t, u.getName(), pos, v, 2).thenAccept(found -> {
                for (Row other : found) {
                    Object[] k = other.primaryKey();
                    if (!Row.sameKey(k, ownKey) && (oldKey == null || !Row.sameKey(k, oldKey))) {
                        throw RelationalException.violation(RelationalException.Kind.UNIQUE_VIOLATION, u.getName(),
                                "duplicate key value violates unique constraint \"" + u.getName() + "\"",
                                        "Key " + describe(t, pos, v) + " already exists.");
                    }
                }
            }));
        }
        return CompletableFuture.allOf(checks.toArray(new CompletableFuture<?>[0]));
    }

    private static Set<Integer> changedColumns(Table t, Map<String, Object> changes) {
        Set<Integer> out = new HashSet<>();
        changes.keySet().forEach(c -> out.add(t.requireColumn(c)));
        return out;
    }

    // ---- update ----

    /** Updates {@code old} with {@code changes} (column name to value); returns the new row. */
    Row update(Table t, Row old, Map<String, Object> changes) {
        return update(t, old, changes, false);
    }

    /**
     * As {@link #update}; {@code recheckParents} checks the references through the changed columns even when their
     * values did not change (SET DEFAULT: the default may be the key being deleted).
     */
    private Row update(Table t, Row old, Map<String, Object> changes, boolean recheckParents) {
        Object[] values = old.values();
        for (Map.Entry<String, Object> e : changes.entrySet()) {
            int i = t.requireColumn(e.getKey());
            values[i] = Values.written(t.column(i), e.getValue());
        }
        checkNotNull(t, values);
        checkConstraints(t, values);
        Row row = new Row(t, values);
        boolean keyChanged = !Row.sameKey(old.primaryKey(), row.primaryKey());
        List<CompletableFuture<Void>> checks = new ArrayList<>();
        if (keyChanged) {
            checks.add(access.lookup(t, row.primaryKey()).thenAccept(existing -> {
                if (existing != null) {
                    throw RelationalException.violation(RelationalException.Kind.UNIQUE_VIOLATION, t.name() + "_pkey",
                            "duplicate key value violates unique constraint \"" + t.name() + "_pkey\"",
                                    "Key " + describe(t, t.primaryKey(), row.primaryKey()) + " already exists.");
                }
            }));
        }
        checks.add(checkUniqueConstraints(t, row, old));
        checks.add(parentChecks.update(t, row, old, recheckParents ? changedColumns(t, changes) : Set.of()));
        joinInOrder(checks);
        if (keyChanged) {
            store.deleteRecord(codec.primaryKey(t, old.primaryKey()));
        }
        store.saveRecord(codec.toRecord(t, row.values()));
        for (Catalog.Reference ref : catalog.referencing(t.name())) {
            int[] refPos = t.positions(ref.foreignKey().getReferencedColumnsList());
            Object[] before = old.project(refPos);
            Object[] after = row.project(refPos);
            if (!Row.anyNull(before) && !Row.sameKey(before, after)) {
                applyAction(t, ref, ref.foreignKey().getOnUpdate(), java.util.Collections.singletonList(before),
                        java.util.Collections.singletonList(after), "update");
            }
        }
        return row;
    }

    // ---- delete ----

    /** Deletes {@code rows} of {@code t} with the referential actions of every foreign key that references them. */
    void delete(Table t, List<Row> rows) {
        List<Row> todo = new ArrayList<>();
        for (Row r : rows) {
            if (deleted.add(codec.primaryKey(t, r.primaryKey()))) {
                todo.add(r);
            }
        }
        if (todo.isEmpty()) {
            return;
        }
        for (Row r : todo) {
            store.deleteRecord(codec.primaryKey(t, r.primaryKey()));
        }
        for (Catalog.Reference ref : catalog.referencing(t.name())) {
            int[] refPos = t.positions(ref.foreignKey().getReferencedColumnsList());
            List<Object[]> keys = new ArrayList<>();
            for (Row r : todo) {
                Object[] k = r.project(refPos);
                if (!Row.anyNull(k)) {
                    keys.add(k);
                }
            }
            if (!keys.isEmpty()) {
                applyAction(t, ref, ref.foreignKey().getOnDelete(), keys, null, "delete");
            }
        }
    }

    /**
     * Applies a foreign key's action to the children of parent keys {@code before} that were deleted ({@code after}
     * null) or changed to {@code after}.
     */
    private void applyAction(Table parent, Catalog.Reference ref, ReferentialAction action, List<Object[]> before,
                             List<Object[]> after, String what) {
        Table child = catalog.requireTable(ref.child().name());
        ForeignKeyDef fk = ref.foreignKey();
        if (action == ReferentialAction.NO_ACTION) {
            for (Object[] key : before) {
                deferred.add(() -> checkNoChildren(parent, child, fk, key, what));
            }
            return;
        }
        List<List<Row>> children = access.childrenOfMany(child, fk, before).join();
        int[] fkPos = child.positions(fk.getColumnsList());
        List<Row> toDelete = new ArrayList<>();
        for (int i = 0; i < before.size(); i++) {
            for (Row c : children.get(i)) {
                if (deleted.contains(codec.primaryKey(child, c.primaryKey()))) {
                    continue;
                }
                switch (action) {
                    case RESTRICT:
                        throw stillReferenced(parent, child, fk, before.get(i), what);
                    case CASCADE:
                        if (after == null) {
                            toDelete.add(c);
                        } else {
                            update(child, c, assign(child, fkPos, after.get(i)));
                        }
                        break;
                    case SET_NULL:
                        update(child, c, assign(child, fkPos, new Object[fkPos.length]));
                        break;
                    case SET_DEFAULT:
                    default: {
                        Object[] defaults = new Object[fkPos.length];
                        for (int j = 0; j < fkPos.length; j++) {
                            defaults[j] = Values.defaultValue(child.column(fkPos[j]));
                        }
                        // The default may be the very key deleted or changed: the child still references it, as
                        // PostgreSQL reports it; else the default is checked against what remains.
                        if (RowCodec.indexKey(child, fkPos, defaults).equals(RowCodec.indexKey(child, fkPos,
                                before.get(i)))) {
                            throw stillReferenced(parent, child, fk, before.get(i), what);
                        }
                        update(child, c, assign(child, fkPos, defaults), true);
                        break;
                    }
                }
            }
        }
        if (!toDelete.isEmpty()) {
            delete(child, toDelete);
        }
    }

    private void checkNoChildren(Table parent, Table child, ForeignKeyDef fk, Object[] key, String what) {
        if (access.findByKey(parent, fk.getReferencedColumnsList(), key).join() != null) {
            return;
        }
        for (Row c : access.childrenOf(child, fk, key, 0).join()) {
            if (!deleted.contains(codec.primaryKey(child, c.primaryKey()))) {
                throw stillReferenced(parent, child, fk, key, what);
            }
        }
    }

    private RelationalException stillReferenced(Table parent, Table child, ForeignKeyDef fk, Object[] key,
                                                String what) {
        int[] refPos = parent.positions(fk.getReferencedColumnsList());
        return RelationalException.violation(RelationalException.Kind.FOREIGN_KEY_VIOLATION, fk.getName(),
                "update or delete on table \"" + parent.name() + "\" violates foreign key constraint \"" + fk.getName()
                        + "\" on table \"" + child.name() + "\"", "Key " + describe(parent, refPos, key)
                        + " is still referenced from table \"" + child.name() + "\".");
    }

    private static Map<String, Object> assign(Table t, int[] positions, Object[] values) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < positions.length; i++) {
            m.put(t.column(positions[i]).getName(), values[i]);
        }
        return m;
    }

    // ---- helpers ----

    static String describe(Table t, int[] positions, Object[] values) {
        StringBuilder cols = new StringBuilder("(");
        StringBuilder vals = new StringBuilder("(");
        for (int i = 0; i < positions.length; i++) {
            cols.append(i == 0 ? "" : ", ").append(t.column(positions[i]).getName());
            vals.append(i == 0 ? "" : ", ").append(values[i] instanceof String ? values[i] : Values.show(values[i]));
        }
        return cols + ")=" + vals + ")";
    }

    /** Waits for every one of {@code futures} to end, whatever its outcome. */
    private static void settle(List<? extends CompletableFuture<?>> futures) {
        for (CompletableFuture<?> f : futures) {
            try {
                f.join();
            } catch (RuntimeException ignored) {
                // the statement's refusal is what is reported
            }
        }
    }

    /** Joins futures in order, so the first failure reported is the first check's, whatever finished first. */
    private static void joinInOrder(List<? extends CompletableFuture<?>> futures) {
        for (CompletableFuture<?> f : futures) {
            try {
                f.join();
            } catch (CompletionException e) {
                Throwable cause = unwrap(e);
                if (cause instanceof RuntimeException) {
                    throw (RuntimeException) cause;
                }
                throw e;
            }
        }
    }

    static Throwable unwrap(Throwable e) {
        while (e instanceof CompletionException && e.getCause() != null) {
            e = e.getCause();
        }
        return e;
    }
}
