package io.relationshiplayer.relationships;

import com.apple.foundationdb.record.IndexScanType;
import com.apple.foundationdb.record.RecordCursor;
import com.apple.foundationdb.record.ScanProperties;
import com.apple.foundationdb.record.TupleRange;
import com.apple.foundationdb.record.IndexEntry;
import com.apple.foundationdb.tuple.Tuple;
import io.relationshiplayer.proto.v1.CheckDef;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexDef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Checks of existing data that a catalog change must pass, and the backfill of a new column's DEFAULT. */
final class DataChecks {
    private static final int BATCH = 500;
    private static final int NAMED = 5;

    /** A NOT NULL column without DEFAULT can only be added to an empty table. */
    void canAddColumn(Session s, Table table, ColumnDef column) {
        boolean noDefault = !column.hasDefaultValue() || column.getDefaultValue().hasNullValue();
        if (column.getNotNull() && noDefault && s.access().rowCount(s.catalog().requireTable(table.name())) > 0) {
            throw RelationalException.violation(RelationalException.Kind.NOT_NULL_VIOLATION,
                    table.name() + "." + column.getName(), "column \"" + column.getName() + "\" of relation \""
                            + table.name() + "\" contains null values: give it a DEFAULT or add it as nullable");
        }
    }

    /** Every existing row of {@code table} passes its newest CHECK constraint. */
    void existingRowsPass(Session s, Table table) {
        CheckDef check = table.checks().get(table.checks().size() - 1);
        CheckCompiler.Compiled compiled = s.checkCompiler().compile(table, check.getExpression());
        RecordCursor<Row> rows = s.access().scanPrimaryKey(s.catalog().requireTable(table.name()), null, null, false,
                null, 0);
        for (Row r : (Iterable<Row>) rows::asIterator) {
            if (!compiled.test(r.values())) {
                throw RelationalException.violation(RelationalException.Kind.CHECK_VIOLATION, check.getName(),
                        "check constraint \"" + check.getName() + "\" of relation \"" + table.name()
                                + "\" is violated by some row");
            }
        }
    }

    /** Every existing row of {@code table} has the parent its newest foreign key demands; otherwise names them. */
    void existingRowsReference(Session s, Catalog next, Table table) {
        ForeignKeyDef fk = table.foreignKeys().get(table.foreignKeys().size() - 1);
        Table current = s.catalog().requireTable(table.name());
        Table parent = next.requireTable(fk.getReferencedTable());
        int[] pos = current.positions(fk.getColumnsList());
        List<String> violations = new ArrayList<>();
        RecordCursor<Row> rows = s.access().scanPrimaryKey(current, null, null, false, null, 0);
        List<Row> chunk = new ArrayList<>(BATCH);
        for (Row r : (Iterable<Row>) rows::asIterator) {
            chunk.add(r);
            if (chunk.size() == BATCH) {
                missingParents(s, current, parent, fk, pos, chunk, violations);
                chunk.clear();
            }
        }
        missingParents(s, current, parent, fk, pos, chunk, violations);
        if (!violations.isEmpty()) {
            // PostgreSQL's words: the first row's key in the DETAIL
            throw RelationalException.violation(RelationalException.Kind.FOREIGN_KEY_VIOLATION, fk.getName(),
                    "insert or update on table \"" + table.name() + "\" violates foreign key constraint \""
                            + fk.getName() + "\"", violations.get(0) + ".");
        }
    }

    private static void missingParents(Session s, Table child, Table parent, ForeignKeyDef fk, int[] pos,
                                       List<Row> rows, List<String> violations) {
        List<java.util.concurrent.CompletableFuture<Row>> lookups = new ArrayList<>();
        List<Row> checked = new ArrayList<>();
        for (Row r : rows) {
            Object[] key = r.project(pos);
            if (!Row.anyNull(key) && violations.size() <= NAMED) {
                checked.add(r);
                lookups.add(Table.key(parent.name()).equals(Table.key(child.name()))
                        ? s.access().findByKey(child, fk.getReferencedColumnsList(), key)
                        : s.access().findByKey(s.catalog().requireTable(parent.name()), fk.getReferencedColumnsList(),
                        key));
            }
        }
        for (int i = 0; i < lookups.size(); i++) {
            if (lookups.get(i).join() == null) {
                violations.add("Key " + WritePath.describe(child, pos, checked.get(i).project(pos))
                        + " is not present in table \"" + parent.name() + "\"");
            }
        }
    }

    /** The violation of the table's newest unique constraint by its existing rows (its index built), or null. */
    RelationalException newestUniqueViolation(Session s, String table) {
        Table t = s.catalog().requireTable(table);
        IndexDef u = t.uniqueConstraints().get(t.uniqueConstraints().size() - 1);
        String duplicates = duplicates(s, t, u);
        return duplicates == null ? null : RelationalException.violation(RelationalException.Kind.UNIQUE_VIOLATION,
                u.getName(), "could not create unique index \"" + u.getName() + "\"", duplicates);
    }

    /** The first duplicated non-null key of a unique constraint's (built) index, described; null when none. */
    private String duplicates(Session s, Table table, IndexDef unique) {
        int[] pos = table.positions(Indexes.columnNames(unique));
        Tuple previous = null;
        var index = Indexes.recordIndex(table.name(), unique);
        RecordCursor<IndexEntry> entries = sessionStore(s).scanIndex(
                sessionStore(s).getRecordMetaData().getIndex(index), IndexScanType.BY_VALUE, TupleRange.ALL, null,
                ScanProperties.FORWARD_SCAN);
        for (IndexEntry e : (Iterable<IndexEntry>) entries::asIterator) {
            Tuple key = TupleHelper.prefix(e.getKey(), pos.length);
            if (!TupleHelper.hasNull(key) && key.equals(previous)) {
                Object[] values = new Object[pos.length];
                for (int i = 0; i < pos.length; i++) {
                    values[i] = Values.decode(table.column(pos[i]), key.get(i));
                }
                return "Key " + WritePath.describe(table, pos, values) + " is duplicated.";
            }
            previous = key;
        }
        return null;
    }

    private static com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore sessionStore(Session s) {
        return s.store();
    }

    /** Gives existing rows a newly added column's DEFAULT, in batches of their own transactions. */
    void backfill(RelationshipLayer layer, String database, String table, String column) {
        byte[][] continuation = {null};
        do {
            continuation[0] = layer.run(database, s -> backfillBatch(s, table, column, continuation[0]));
        } while (continuation[0] != null);
    }

    /** The same in {@code s}'s transaction, all of it. */
    void backfill(Session s, String table, String column) {
        byte[] continuation = null;
        do {
            continuation = backfillBatch(s, table, column, continuation);
        } while (continuation != null);
    }

    /** One batch of a backfill, from {@code continuation}; the next batch's continuation, null after the last. */
    private static byte[] backfillBatch(Session s, String table, String column, byte[] continuation) {
        Table t = s.catalog().requireTable(table);
        int c = t.requireColumn(column);
        Object value = Values.defaultValue(t.column(c));
        RecordCursor<Row> cursor = s.access().scanPrimaryKey(t, null, null, false, continuation, BATCH);
        List<Row> rows = new ArrayList<>();
        var result = cursor.forEach(rows::add).thenCompose(v -> cursor.onNext()).join();
        List<Row> missing = new ArrayList<>();
        List<Map<String, Object>> changes = new ArrayList<>();
        for (Row r : rows) {
            if (r.get(c) == null) {
                missing.add(r);
                changes.add(Map.of(t.column(c).getName(), value));
            }
        }
        if (!missing.isEmpty()) {
            s.updateRows(t, missing, changes);
        }
        return result.getContinuation().isEnd() ? null : result.getContinuation().toBytes();
    }

    /** Tuple helpers for index keys. */
    static final class TupleHelper {
        private TupleHelper() {
        }

        static Tuple prefix(Tuple t, int n) {
            return Tuple.fromList(t.getItems().subList(0, n));
        }

        static boolean hasNull(Tuple t) {
            for (Object o : t.getItems()) {
                if (o == null) {
                    return true;
                }
            }
            return false;
        }
    }
}
