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
        if (ifExists && catalog(database).table(table) == null) {
            return catalog(database);
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
            checkUniqueBuild(database, table, next);
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

    /** A check of existing data against the next catalog, inside the change's transaction. */
    @FunctionalInterface
    interface DataCheck {
        void check(Session current, Catalog next);
    }

    /**
     * One catalog change: read the catalog (conflicting with concurrent changes and writes), apply, register the
     * generated schema, check the data, write the catalog; after commit build new indexes online and wait for them.
     */
    private Catalog change(String database, Function<Catalog, CatalogDef> change, DataCheck check) {
        RecordMetaData[] md = new RecordMetaData[1];
        Catalog next = run(database, s -> {
            Catalog current = s.catalog();
            CatalogDef.Builder b = change.apply(current).toBuilder().setVersion(current.version() + 1);
            if (b.getId().isEmpty()) {
                byte[] id = new byte[16];
                java.util.concurrent.ThreadLocalRandom.current().nextBytes(id);
                b.setId(com.google.protobuf.ByteString.copyFrom(id));
            }
            CatalogDef def = b.build();
            Catalog updated = new Catalog(def);
            check.check(s, updated);
            md[0] = stores.registerSchema(s.context(), database, SchemaGenerator.schema(updated));
            catalogs.write(s.context(), database, updated);
            return updated;
        });
        catalogs.remember(database, next);
        try {
            stores.buildPendingIndexes(database, md[0], true);
        } catch (RuntimeException e) {
            throw translate(e);
        }
        return next;
    }

    /** After a unique constraint's index is built: duplicates found undo the constraint and are named. */
    private void checkUniqueBuild(String database, String table, Catalog next) {
        IndexDef u = next.requireTable(table).uniqueConstraints().get(next.requireTable(table).uniqueConstraints()
                .size() - 1);
        String duplicates = run(database, s -> checks.duplicates(s, s.catalog().requireTable(table), u));
        if (duplicates != null) {
            change(database, c -> CatalogChanges.dropConstraint(c, table, u.getName()), (s, n) -> { });
            throw RelationalException.violation(RelationalException.Kind.UNIQUE_VIOLATION, u.getName(),
                    "could not create unique constraint \"" + u.getName() + "\": " + duplicates);
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
            if (catalog.version() != 0 || e.kind() != RecordServiceException.Kind.FAILED_PRECONDITION) {
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
