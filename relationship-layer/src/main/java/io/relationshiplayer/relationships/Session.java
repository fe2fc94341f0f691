package io.relationshiplayer.relationships;

import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * A database in one transaction: the catalog as of the transaction, writes with integrity, and the access paths.
 * Every write method is one statement: its constraints and referential actions are all applied when it returns.
 * Not thread-safe; the caller commits or abandons the transaction.
 */
public final class Session {
    private final String database;
    private final FDBRecordContext context;
    private final Catalog catalog;
    private final FDBRecordStore store;
    private final RowCodec codec;
    private final AccessPaths access;
    private final CheckCompiler checks;
    private RelationalException refused;

    Session(String database, FDBRecordContext context, Catalog catalog, FDBRecordStore store, CheckCompiler checks) {
        this.database = database;
        this.context = context;
        this.catalog = catalog;
        this.store = store;
        this.codec = new RowCodec(store);
        this.access = new AccessPaths(store, codec, catalog);
        this.checks = checks;
    }

    public String database() {
        return database;
    }

    public FDBRecordContext context() {
        return context;
    }

    public Catalog catalog() {
        return catalog;
    }

    public AccessPaths access() {
        return access;
    }

    FDBRecordStore store() {
        return store;
    }

    CheckCompiler checkCompiler() {
        return checks;
    }

    /** Inserts one row given as column name to value; omitted columns take their DEFAULT. */
    public Row insert(@Nonnull String table, @Nonnull Map<String, Object> values) {
        return insertAll(table, List.of(values)).get(0);
    }

    /** Inserts rows in one statement; every check of the batch is in flight at once. */
    public List<Row> insertAll(@Nonnull String table, @Nonnull List<Map<String, Object>> rows) {
        Table t = catalog.requireTable(table);
        return statement(w -> {
            List<Row> built = new ArrayList<>(rows.size());
            for (Map<String, Object> r : rows) {
                built.add(w.newRow(t, r));
            }
            return w.insert(t, built);
        });
    }

    /**
     * The row an INSERT of {@code values} would write, its NOT NULL and CHECK constraints checked (the error a refused
     * row's statement gets), nothing written: PostgreSQL checks an INSERT ... ON CONFLICT's proposed row so before it
     * looks for a conflict, whether the row is then inserted, left out or updates another.
     */
    public Row checkedRow(@Nonnull String table, @Nonnull Map<String, Object> values) {
        Table t = catalog.requireTable(table);
        return statement(w -> w.newRow(t, values));
    }

    /** Updates the row with primary key {@code key}; returns the new row, or null when there is none. */
    @Nullable
    public Row update(@Nonnull String table, @Nonnull Object[] key, @Nonnull Map<String, Object> changes) {
        Table t = catalog.requireTable(table);
        Row old = access.lookup(t, coerceKey(t, key)).join();
        if (old == null) {
            return null;
        }
        return updateRows(t, List.of(old), List.of(changes)).get(0);
    }

    /** Updates rows (as read in this transaction) in one statement, each with its own changes. */
    public List<Row> updateRows(@Nonnull Table t, @Nonnull List<Row> rows, @Nonnull List<Map<String, Object>> changes) {
        return statement(w -> {
            List<Row> out = new ArrayList<>(rows.size());
            for (int i = 0; i < rows.size(); i++) {
                out.add(w.update(t, rows.get(i), changes.get(i)));
            }
            return out;
        });
    }

    /** Deletes the row with primary key {@code key}; returns whether there was one. */
    public boolean delete(@Nonnull String table, @Nonnull Object[] key) {
        Table t = catalog.requireTable(table);
        Row old = access.lookup(t, coerceKey(t, key)).join();
        if (old == null) {
            return false;
        }
        deleteRows(t, List.of(old));
        return true;
    }

    /** Deletes rows (as read in this transaction) in one statement, with every referential action. */
    public void deleteRows(@Nonnull Table t, @Nonnull List<Row> rows) {
        statement(w -> {
            w.delete(t, rows);
            return null;
        });
    }

    /** The row with primary key {@code key}, or null. */
    @Nullable
    public Row lookup(@Nonnull String table, @Nonnull Object[] key) {
        Table t = catalog.requireTable(table);
        return access.lookup(t, coerceKey(t, key)).join();
    }

    /** Every row of a table in primary-key order. */
    public List<Row> scanAll(@Nonnull String table) {
        return access.scanPrimaryKey(catalog.requireTable(table), null, null, false, null, 0).asList().join();
    }

    /**
     * A new statement. A statement that was refused may have written part of its effects, so its transaction must
     * not commit: every later write refuses, and {@link RelationshipLayer#run} will not commit it (as PostgreSQL
     * aborts the transaction of a failed statement).
     */
    private WritePath statement() {
        if (refused != null) {
            throw new RelationalException(RelationalException.Kind.ABORTED, "current transaction is aborted after a "
                    + "refused statement (" + refused.getMessage() + "); roll it back", refused.constraint(), refused);
        }
        return new WritePath(catalog, store, codec, access, checks);
    }

    /** The refusal that aborted this transaction, or null. */
    public RelationalException refusal() {
        return refused;
    }

    private <T> T statement(java.util.function.Function<WritePath, T> body) {
        WritePath w = statement();
        try {
            T result = body.apply(w);
            w.finish();
            return result;
        } catch (RelationalException e) {
            refused = e;
            throw e;
        } catch (RuntimeException e) {
            refused = new RelationalException(RelationalException.Kind.INTERNAL, String.valueOf(e.getMessage()),
                    null, e);
            throw e;
        }
    }

    static Object[] coerceKey(Table t, Object[] key) {
        int[] pk = t.primaryKey();
        if (key.length != pk.length) {
            throw RelationalException.invalid("table \"" + t.name() + "\" has a primary key of " + pk.length
                    + " columns, " + key.length + " values given");
        }
        Object[] out = new Object[key.length];
        for (int i = 0; i < key.length; i++) {
            out[i] = Values.coerce(t.column(pk[i]), key[i]);
        }
        return out;
    }
}
