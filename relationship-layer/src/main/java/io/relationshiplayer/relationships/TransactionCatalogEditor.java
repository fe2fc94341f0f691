package io.relationshiplayer.relationships;

import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import io.relationshiplayer.proto.v1.CatalogDef;
import io.relationshiplayer.proto.v1.CheckDef;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.proto.v1.TableDef;
import io.relationshiplayer.proto.v1.ViewDef;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import javax.annotation.Nonnull;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Catalog changes in a caller's transaction (DDL inside BEGIN ... COMMIT): the catalog, the Record Layer meta-data
 * and the new indexes are written there, so that they commit or roll back with the transaction's other writes, and
 * two transactions changing one catalog conflict (both write its version key). The work that cannot wait for a commit
 * is done in the transaction: a new index is built in it (an online build spans transactions of its own, which could
 * not see the uncommitted schema), which FoundationDB's limits allow on tables of at most {@link #MAX_ROWS_TO_INDEX}
 * rows; the data check of a new constraint and the backfill of a new column's DEFAULT run in it too. The rows of a
 * dropped table, unreachable once the drop commits, are deleted after the commit.
 */
final class TransactionCatalogEditor implements CatalogEditor {
    /**
     * The most rows a new index may cover to be built inside a transaction, in a small part of FoundationDB's 5 s
     * (a thousand rows take a few hundred milliseconds; ten thousand, seconds); beyond, only an online build can.
     */
    static final long MAX_ROWS_TO_INDEX = 1_000;
    private static final Logger LOG = LoggerFactory.getLogger(TransactionCatalogEditor.class);
    private static final RelationshipLayer.DataCheck NO_CHECK = (s, next) -> { };

    private final RelationshipLayer layer;
    private final String database;
    private final FDBRecordContext ctx;

    TransactionCatalogEditor(RelationshipLayer layer, String database, FDBRecordContext ctx) {
        this.layer = layer;
        this.database = database;
        this.ctx = ctx;
    }

    @Nonnull
    @Override
    public Catalog catalog() {
        return translated(() -> session().catalog());
    }

    @Override
    public void createTable(@Nonnull TableDef table, boolean ifNotExists) {
        translated(() -> {
            if (!ifNotExists || session().catalog().table(table.getName()) == null) {
                TableDef withoutChecks = table.toBuilder().clearChecks().build();
                change(table.getName(), c -> CheckConstraints.add(new Catalog(CatalogChanges.createTable(c,
                        withoutChecks)), table.getName(), table.getChecksList(), layer.checkCompiler()), NO_CHECK);
            }
            return null;
        });
    }

    @Override
    public void dropTable(@Nonnull String table, boolean ifExists, boolean cascade) {
        translated(() -> {
            Catalog current = session().catalog();
            ViewChanges.refuseDropTableOfView(current, table);
            if (ifExists && current.table(table) == null) {
                return null;
            }
            String recordType = current.requireTable(table).recordType();
            change(table, c -> CatalogChanges.dropTable(c, table, cascade), NO_CHECK);
            ctx.addPostCommit(() -> deleteRows(recordType));
            return null;
        });
    }

    @Override
    public void addColumn(@Nonnull String table, @Nonnull ColumnDef column) {
        translated(() -> {
            change(table, c -> CatalogChanges.addColumn(c, table, column),
                    (s, next) -> layer.checks().canAddColumn(s, next.requireTable(table), column));
            if (column.hasDefaultValue() && !column.getDefaultValue().hasNullValue()) {
                layer.checks().backfill(session(), table, column.getName());
            }
            return null;
        });
    }

    @Override
    public void createIndex(@Nonnull String table, @Nonnull IndexDef index, boolean unique) {
        translated(() -> {
            change(table, c -> CatalogChanges.addIndex(c, table, index, unique), NO_CHECK);
            RelationalException violation = unique ? layer.checks().newestUniqueViolation(session(), table) : null;
            if (violation != null) {
                throw violation; // the statement fails and its transaction with it: nothing of the change remains
            }
            return null;
        });
    }

    @Override
    public void createCountIndex(@Nonnull String table, @Nonnull IndexDef index) {
        translated(() -> change(table, c -> CatalogChanges.addCountIndex(c, table, index), NO_CHECK));
    }

    @Override
    public void dropIndex(@Nonnull String table, @Nonnull String index) {
        translated(() -> change(table, c -> CatalogChanges.dropIndex(c, table, index), NO_CHECK));
    }

    @Override
    public void addForeignKey(@Nonnull String table, @Nonnull ForeignKeyDef foreignKey) {
        translated(() -> change(table, c -> CatalogChanges.addForeignKey(c, table, foreignKey),
                (s, next) -> layer.checks().existingRowsReference(s, next, next.requireTable(table))));
    }

    @Override
    public void dropConstraint(@Nonnull String table, @Nonnull String constraint) {
        translated(() -> change(table, c -> CatalogChanges.dropConstraint(c, table, constraint), NO_CHECK));
    }

    @Override
    public void dropColumn(@Nonnull String table, @Nonnull String column, boolean cascade) {
        translated(() -> change(table, c -> ColumnDrop.dropColumn(c, table, column, cascade), NO_CHECK));
    }

    @Override
    public void addCheck(@Nonnull String table, @Nonnull CheckDef check) {
        translated(() -> change(table, c -> CheckConstraints.add(c, table, java.util.List.of(check),
                layer.checkCompiler()), (s, next) -> layer.checks().existingRowsPass(s, next.requireTable(table))));
    }

    @Override
    public void createView(@Nonnull ViewDef view, boolean orReplace) {
        translated(() -> layer.apply(session(), c -> ViewChanges.createView(c, view, orReplace), null));
    }

    @Override
    public void dropViews(@Nonnull List<String> names, boolean ifExists, boolean cascade) {
        translated(() -> {
            List<String> present = ViewChanges.present(session().catalog(), names, ifExists);
            return present.isEmpty() ? null
                    : layer.apply(session(), c -> ViewChanges.dropViews(c, present, cascade), null);
        });
    }

    /** The database in the transaction, as of its latest change. */
    private Session session() {
        return layer.open(database, ctx);
    }

    /** One change of {@code table}'s definition, its new indexes built in the transaction. */
    private Catalog change(String table, Function<Catalog, CatalogDef> change, RelationshipLayer.DataCheck check) {
        RelationshipLayer.Applied applied = layer.apply(session(), change, check);
        List<String> unbuilt = layer.recordStores().buildIndexesInTransaction(ctx, database, applied.metaData(),
                MAX_ROWS_TO_INDEX);
        if (!unbuilt.isEmpty()) {
            throw new RelationalException(RelationalException.Kind.NOT_SUPPORTED, "an index on table \"" + table
                    + "\" of more than " + MAX_ROWS_TO_INDEX + " rows cannot be built inside a transaction block: "
                    + "run the statement outside BEGIN ... COMMIT, where the index is built online");
        }
        return applied.catalog();
    }

    /** After the drop committed: the table's rows, which nothing reaches any more, deleted; a failure only logged. */
    private CompletableFuture<Void> deleteRows(String recordType) {
        return CompletableFuture.runAsync(() -> layer.recordStores().deleteTableRecords(database, recordType),
                ctx.getExecutor()).exceptionally(e -> {
                    LOG.warn("rows of dropped table (record type {}) of database {} not deleted", recordType, database,
                            e);
                    return null;
                });
    }

    private static <T> T translated(java.util.function.Supplier<T> body) {
        try {
            return body.get();
        } catch (RuntimeException e) {
            throw RelationshipLayer.translate(e);
        }
    }
}
