package io.relationshiplayer.relationships;

import com.apple.foundationdb.record.RecordCoreException;
import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.provider.foundationdb.FDBDatabase;
import com.apple.foundationdb.record.provider.foundationdb.FDBExceptions;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import io.relationshiplayer.proto.v1.CatalogDef;
import io.relationshiplayer.proto.v1.CheckDef;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.proto.v1.MaterializedJoinDef;
import io.relationshiplayer.proto.v1.TableDef;
import io.relationshiplayer.proto.v1.ViewDef;
import io.relationshiplayer.records.RecordServiceException;
import io.relationshiplayer.records.RecordStores;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import javax.annotation.Nonnull;

/**
 * Tables, keys and relationships on the Record Layer: the catalog changes (each one transaction that also registers
 * the Record Layer schema it generates, then builds new indexes online) and sessions for reads and writes. Knows no SQL
 * text and no gRPC.
 */
public final class RelationshipLayer {
    private final RecordStores stores;
    private final CatalogStore catalogs;
    private final DataChecks checks = new DataChecks();
    private final CheckCompiler checkCompiler;

    /** A layer without a compiler of CHECK expressions ({@link CheckCompiler#NONE}). */
    public RelationshipLayer(@Nonnull RecordStores stores) {
        this(stores, CheckCompiler.NONE);
    }

    /** A layer whose CHECK constraints {@code checkCompiler} compiles. */
    public RelationshipLayer(@Nonnull RecordStores stores, @Nonnull CheckCompiler checkCompiler) {
        this(stores, new CatalogStore(), checkCompiler);
    }

    private RelationshipLayer(RecordStores stores, CatalogStore catalogs, CheckCompiler checkCompiler) {
        this.stores = Objects.requireNonNull(stores, "stores is null");
        this.catalogs = catalogs;
        this.checkCompiler = Objects.requireNonNull(checkCompiler, "checkCompiler is null");
    }

    /** This layer (the same stores and catalog cache) with CHECK constraints compiled by {@code compiler}. */
    public RelationshipLayer withCheckCompiler(@Nonnull CheckCompiler compiler) {
        return compiler == checkCompiler ? this : new RelationshipLayer(stores, catalogs, compiler);
    }

    /** What compiles this layer's CHECK constraints. */
    CheckCompiler checkCompiler() {
        return checkCompiler;
    }

    public RecordStores recordStores() {
        return stores;
    }

    /** Creates the database if it does not exist. */
    public void ensureDatabase(String database) {
        stores.createDatabase(database, true);
    }

    /** The current catalog. */
    public Catalog catalog(String database) {
        return run(database, Session::catalog);
    }

    /** Catalog changes of {@code database}, each committed on its own and its new indexes built online. */
    public CatalogEditor editor(String database) {
        return new CommittingCatalogEditor(this, database);
    }

    /**
     * Catalog changes of {@code database} in the caller's transaction {@code ctx}: its later reads see them, other
     * transactions see them once it commits, and a rollback undoes them. Concurrent changes of the catalog conflict.
     */
    public CatalogEditor editor(String database, FDBRecordContext ctx) {
        return new TransactionCatalogEditor(this, database, ctx);
    }

    /**
     * Whether the transaction {@code ctx} changed the catalog of {@code database}, told without reading the database
     * (so without taking a read version: a caller may do slow work in other transactions first).
     */
    public boolean catalogChangedIn(String database, FDBRecordContext ctx) {
        return catalogs.changedIn(ctx, database);
    }

    DataChecks checks() {
        return checks;
    }

    // ---- catalog changes ----

    public Catalog createTable(String database, TableDef table, boolean ifNotExists) {
        if (ifNotExists && catalog(database).table(table.getName()) != null) {
            return catalog(database);
        }
        TableDef withoutChecks = table.toBuilder().clearChecks().build();
        return change(database, c -> CheckConstraints.add(new Catalog(CatalogChanges.createTable(c, withoutChecks)),
                table.getName(), table.getChecksList(), checkCompiler), (s, next) -> { });
    }

    public Catalog dropTable(String database, String table, boolean ifExists, boolean cascade) {
        Catalog current = catalog(database);
        ViewChanges.refuseDropTableOfView(current, table);
        if (ifExists && current.table(table) == null) {
            return current;
        }
        String recordType = catalog(database).requireTable(table).recordType();
        Catalog next = change(database, c -> CatalogChanges.dropTable(c, table, cascade), (s, n) -> { });
        stores.deleteTableRecords(database, recordType);
        return next;
    }

    public Catalog addColumn(String database, String table, ColumnDef column) {
        Catalog next = change(database, c -> CatalogChanges.addColumn(c, table, column),
                (s, n) -> checks.canAddColumn(s, n.requireTable(table), column));
        if (column.hasDefaultValue() && !column.getDefaultValue().hasNullValue()) {
            checks.backfill(this, database, table, column.getName());
        }
        return next;
    }

    /**
     * Drops a column with the table's own indexes and constraints that involve it; a foreign key of another table that
     * references it is refused unless {@code cascade}, which drops it too.
     */
    public Catalog dropColumn(String database, String table, String column, boolean cascade) {
        return change(database, c -> ColumnDrop.dropColumn(c, table, column, cascade), (s, next) -> { });
    }

    /** Adds a CHECK constraint (named as PostgreSQL names it when its name is empty); every existing row must pass. */
    public Catalog addCheck(String database, String table, CheckDef check) {
        return change(database, c -> CheckConstraints.add(c, table, List.of(check), checkCompiler),
                (s, next) -> checks.existingRowsPass(s, next.requireTable(table)));
    }

    /** Adds a COUNT index (rows per distinct value of its columns), built online over existing rows. */
    public Catalog createCountIndex(String database, String table, IndexDef index) {
        return change(database, c -> CatalogChanges.addCountIndex(c, table, index), (s, n) -> { });
    }

    public Catalog createIndex(String database, String table, IndexDef index, boolean unique) {
        Catalog next = change(database, c -> CatalogChanges.addIndex(c, table, index, unique), (s, n) -> { });
        if (unique) {
            checkUniqueBuild(database, table);
        }
        return next;
    }

    public Catalog dropIndex(String database, String table, String index) {
        return change(database, c -> CatalogChanges.dropIndex(c, table, index), (s, next) -> { });
    }

    public Catalog addForeignKey(String database, String table, ForeignKeyDef fk) {
        return change(database, c -> CatalogChanges.addForeignKey(c, table, fk),
                (s, next) -> checks.existingRowsReference(s, next, next.requireTable(table)));
    }

    /**
     * Materializes a foreign key of {@code table} as a Record Layer joined record type with an index on the given
     * child/parent columns, built online; {@link AccessPaths#scanJoin} then answers the join from that index.
     */
    public Catalog materializeJoin(String database, String table, MaterializedJoinDef join) {
        return change(database, c -> CatalogChanges.materializeJoin(c, table, join), (s, next) -> { });
    }

    public Catalog dropConstraint(String database, String table, String constraint) {
        return change(database, c -> CatalogChanges.dropConstraint(c, table, constraint), (s, next) -> { });
    }

    /**
     * Creates the view {@code view} (its columns and the relations its query reads, which the caller found), or with
     * {@code orReplace} replaces the view of that name, keeping its columns as PostgreSQL does. The Record Layer
     * schema is not touched: only the catalog's version moves, so that every plan that read the view is made again.
     */
    public Catalog createView(String database, ViewDef view, boolean orReplace) {
        return change(database, c -> ViewChanges.createView(c, view, orReplace), null);
    }

    /**
     * Drops the views {@code names} ({@code ifExists}: those that exist), and with {@code cascade} every view that
     * reads them; a name that is a table's is WRONG_OBJECT_TYPE.
     */
    public Catalog dropViews(String database, List<String> names, boolean ifExists, boolean cascade) {
        Catalog current = catalog(database);
        List<String> present = ViewChanges.present(current, names, ifExists);
        if (present.isEmpty()) {
            return current;
        }
        return change(database, c -> ViewChanges.dropViews(c, present, cascade), null);
    }

    /** A check of existing data against the next catalog, inside the change's transaction. */
    @FunctionalInterface
    interface DataCheck {
        void check(Session current, Catalog next);
    }

    /**
     * One catalog change in a transaction of its own (conflicting with concurrent changes and writes); after commit
     * build new indexes online and wait for them. A change without a check ({@code check} null: a view's) leaves the
     * Record Layer schema as it is.
     */
    private Catalog change(String database, Function<Catalog, CatalogDef> change, DataCheck check) {
        Applied applied = run(database, s -> apply(s, change, check));
        catalogs.remember(database, applied.catalog());
        if (applied.metaData() == null) {
            return applied.catalog();
        }
        try {
            stores.buildPendingIndexes(database, applied.metaData(), true);
        } catch (RuntimeException e) {
            throw translate(e);
        }
        return applied.catalog();
    }

    /** A catalog written in a transaction, and the Record Layer meta-data it registered. */
    record Applied(Catalog catalog, RecordMetaData metaData) {
    }

    /**
     * One catalog change in {@code s}'s transaction: read the catalog, apply, check the data, register the generated
     * schema (new indexes are built in line on small stores only), write the catalog.
     */
    Applied apply(Session s, Function<Catalog, CatalogDef> change, DataCheck check) {
        Catalog current = s.catalog();
        CatalogDef.Builder b = change.apply(current).toBuilder().setVersion(current.version() + 1);
        if (b.getId().isEmpty()) {
            byte[] id = new byte[16];
            java.util.concurrent.ThreadLocalRandom.current().nextBytes(id);
            b.setId(com.google.protobuf.ByteString.copyFrom(id));
        }
        Catalog updated = new Catalog(b.build());
        RecordMetaData md = null;
        if (check != null) {
            check.check(s, updated);
            md = stores.registerSchema(s.context(), s.database(), SchemaGenerator.schema(updated));
        }
        catalogs.write(s.context(), s.database(), updated);
        return new Applied(updated, md);
    }

    /** After a unique constraint's index is built: duplicates found undo the constraint and are named. */
    private void checkUniqueBuild(String database, String table) {
        RelationalException violation = run(database, s -> checks.newestUniqueViolation(s, table));
        if (violation != null) {
            change(database, c -> CatalogChanges.dropConstraint(c, table, violation.constraint()), (s, n) -> { });
            throw violation;
        }
    }

    // ---- sessions ----

    /** Runs {@code body} in a transaction of its own, retried on conflict; commits when it returns. */
    public <T> T run(String database, Function<Session, T> body) {
        FDBDatabase db = stores.database();
        try {
            return db.run(ctx -> {
                Session s = open(database, ctx);
                T result = body.apply(s);
                if (s.refusal() != null) {
                    // The body caught a refused statement: its partial effects must not commit.
                    throw s.refusal();
                }
                return result;
            });
        } catch (RuntimeException e) {
            throw translate(e);
        }
    }

    /** A session in the caller's transaction (the caller commits). */
    public Session open(String database, FDBRecordContext ctx) {
        Catalog catalog = catalogs.read(ctx, database);
        FDBRecordStore store;
        try {
            store = stores.openStore(ctx, database);
        } catch (RecordServiceException e) {
            // No store yet: no table was ever created (a catalog of views alone registers no schema).
            boolean noTables = catalog.def().getTablesCount() == 0 && catalog.def().getRetiredTablesCount() == 0;
            if (!noTables || e.kind() != RecordServiceException.Kind.FAILED_PRECONDITION) {
                throw e;
            }
            store = null;
        }
        return new Session(database, ctx, catalog, store, checkCompiler);
    }

    /** The layer's exception for any failure: constraint violations as they are, others classified. */
    public static RuntimeException translate(Throwable failure) {
        Throwable t = WritePath.unwrap(failure);
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof RelationalException) {
                return (RelationalException) c;
            }
            if (c instanceof FDBExceptions.FDBStoreTransactionConflictException) {
                return new RelationalException(RelationalException.Kind.CONFLICT,
                        "could not serialize access due to a concurrent update: retry the transaction", null, c);
            }
            if (c.getCause() == c) {
                break;
            }
        }
        if (t instanceof RecordServiceException) {
            return (RecordServiceException) t;
        }
        if (t instanceof RecordCoreException || t instanceof RuntimeException) {
            RecordServiceException classified = io.relationshiplayer.records.Failures.classify(t);
            return classified;
        }
        return new RelationalException(RelationalException.Kind.INTERNAL, String.valueOf(t.getMessage()), null, t);
    }
}
