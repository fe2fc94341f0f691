package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.relationships.Session;
import io.relationshiplayer.relationships.Table;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.AbstractQueryableTable;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.linq4j.Queryable;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTableQueryable;
import org.apache.calcite.sql2rel.InitializerExpressionFactory;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * A table of the relationship layer as a Calcite table: its row type and statistics for the planner, a scan in the
 * Record Layer convention, and the runtime entry points the generated code calls to read through an access path and
 * to write through the relationship layer's write path.
 */
public final class RecordLayerTable extends AbstractQueryableTable implements TranslatableTable {

    private final Table table;
    private final SessionBinding binding;
    private final RowCounts counts;

    RecordLayerTable(Table table, SessionBinding binding, RowCounts counts) {
        super(Object[].class);
        this.table = table;
        this.binding = binding;
        this.counts = counts;
    }

    public Table table() {
        return table;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        return rowType(table, typeFactory);
    }

    /** The row type of {@code table}'s rows. */
    static RelDataType rowType(Table table, RelDataTypeFactory typeFactory) {
        RelDataTypeFactory.Builder b = typeFactory.builder();
        for (ColumnDef c : table.columns()) {
            // The hidden row key is nullable to Calcite: an INSERT passes NULL, and the write path assigns it.
            b.add(c.getName(), SqlTypes.relType(typeFactory, c.getType(), !c.getNotNull() || c.getHidden()));
        }
        return b.build();
    }

    private static final ThreadLocal<Boolean> EXPANDING_STAR = ThreadLocal.withInitial(() -> false);

    /**
     * Runs {@code body} while the validator expands {@code *} in a select list: the hidden row key of a table without
     * a primary key then reads as a "rolled up" column to Calcite, which {@code *} leaves out. Outside this, the key
     * can be named (SELECT rowid, WHERE rowid = ...), and UPDATE and DELETE read it to find their rows.
     */
    public static <T> T expandingStar(boolean hide, java.util.function.Supplier<T> body) {
        boolean before = EXPANDING_STAR.get();
        EXPANDING_STAR.set(hide);
        try {
            return body.get();
        } finally {
            EXPANDING_STAR.set(before);
        }
    }

    @Override
    public boolean isRolledUp(String column) {
        return hidesFromStar(table, column);
    }

    /** Whether {@code column} of {@code table} is its hidden row key while {@code *} is being expanded. */
    static boolean hidesFromStar(Table table, String column) {
        if (!EXPANDING_STAR.get()) {
            return false;
        }
        int i = table.columnIndex(column);
        return i >= 0 && table.column(i).getHidden();
    }

    @Override
    public Statistic getStatistic() {
        // A unique constraint is a key to Calcite only over NOT NULL columns: it admits many NULLs, which GROUP BY and
        // DISTINCT treat as equal.
        List<ImmutableBitSet> keys = new ArrayList<>();
        for (Table.KeyColumns k : table.uniqueKeys()) {
            int[] columns = table.positions(k.columns());
            if (java.util.Arrays.stream(columns).allMatch(c -> table.column(c).getNotNull())) {
                keys.add(ImmutableBitSet.of(columns));
            }
        }
        // No collation: an IN-list read is not in key order; the sort rule knows which reads are. The row count is read
        // from the store when it is asked for: the validator and the planner ask for the keys and collations far more
        // often (a table's monotonicity, its collations, whether columns are unique).
        Statistic known = Statistics.of(0d, keys);
        return new Statistic() {
            @Override
            public Double getRowCount() {
                return rowCount();
            }

            @Override
            public boolean isKey(ImmutableBitSet columns) {
                return known.isKey(columns);
            }

            @Override
            public List<ImmutableBitSet> getKeys() {
                return known.getKeys();
            }
        };
    }

    /**
     * Rows in the table now (the count index), for the cost model; 100 when it cannot be read. Read once per session of
     * a statement ({@link RowCounts}).
     */
    double rowCount() {
        try {
            Session s = binding.current();
            return counts.of(s, s.catalog().requireTable(table.name()));
        } catch (RuntimeException e) {
            return 100;
        }
    }

    /** Rows a read through {@code path} returns ({@link RowEstimates}); a share of the row count if the store fails. */
    double estimateRows(AccessPath path) {
        double rows = rowCount();
        try {
            Session s = binding.current();
            return RowEstimates.rows(s, s.catalog().requireTable(table.name()), path, rows);
        } catch (RuntimeException e) {
            return Math.max(1, Math.max(1, rows) * path.selectivity(table));
        }
    }

    /**
     * Whether a COUNT index (and its sums) can be read now: not while it is being built, nor if its build failed. A
     * plan made while it cannot uses a scan instead (and keeps doing so until the catalog changes).
     */
    boolean countIndexReadable(String countIndex) {
        try {
            Session s = binding.current();
            return s.access().countIndexReadable(s.catalog().requireTable(table.name()), countIndex);
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Rows of another table of the catalog now, for the cost model; 100 when it cannot be read. */
    double rowCountOf(String tableName) {
        try {
            Session s = binding.current();
            return counts.of(s, s.catalog().requireTable(tableName));
        } catch (RuntimeException e) {
            return 100;
        }
    }

    @Override
    public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
        RelOptCluster cluster = context.getCluster();
        return new RecordLayerTableScan(cluster, cluster.traitSetOf(RecordLayerRel.CONVENTION), relOptTable, this);
    }

    @Override
    public <T> Queryable<T> asQueryable(QueryProvider queryProvider, SchemaPlus schema, String tableName) {
        return new RecordLayerQueryable<>(queryProvider, schema, this, tableName);
    }

    @Override
    public <C> C unwrap(Class<C> aClass) {
        if (aClass.isInstance(defaults())) {
            return aClass.cast(defaults());
        }
        return super.unwrap(aClass);
    }

    private InitializerExpressionFactory defaults() {
        return new ColumnDefaults(table);
    }

    // ---- runtime ----

    /** The table as the current statement's catalog defines it. */
    private Table current(Session s) {
        return s.catalog().requireTable(table.name());
    }

    /**
     * Reads through an access path: the rows of {@code read} (which {@link RecordLayerToEnumerableConverter} stashes
     * in the plan), its parameters bound from {@code context}, in Calcite's internal form.
     */
    public Enumerable<Object> query(DataContext context, RecordLayerRead read) {
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<Object> enumerator() {
                return RecordLayerReads.enumerator(binding, current(binding.current()), read, context);
            }
        };
    }

    /** Applies an INSERT, UPDATE or DELETE through the relationship layer's write path: {@link RecordLayerWrites}. */
    public Enumerable<Long> modify(String operation, Enumerable<Object> input, String[] updateColumns) {
        binding.requireWrite();
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<Long> enumerator() {
                Session s = binding.current();
                return Linq4j.singletonEnumerator(RecordLayerWrites.apply(s, current(s), operation, input,
                        updateColumns, binding.statementRows()));
            }
        };
    }

    /** The table's row count from its record type's COUNT index, in the statement's transaction. */
    public Enumerable<Object> countRows() {
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<Object> enumerator() {
                long n = ReadSegments.read(binding, s -> s.access().rowCount(current(s)));
                return Linq4j.singletonEnumerable((Object) n).enumerator();
            }
        };
    }

    /** The groups of a COUNT index in the statement's transaction: {@link RecordLayerCount#groupRows}. */
    public Enumerable<Object> countGroups(String countIndex, int[] groupOrder, int[] values) {
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<Object> enumerator() {
                return Linq4j.enumerator(ReadSegments.read(binding, s -> RecordLayerCount.groupRows(s, current(s),
                        countIndex, groupOrder, values)));
            }
        };
    }

    /** Outer rows per batch of a lookup join: their keys are looked up together. */
    static final int JOIN_BATCH = 256;

    /**
     * The inner side of a lookup join: for each batch of outer rows, looks up the distinct keys (the primary key or a
     * prefix of it when {@code recordIndex} is null, else a prefix of that index) all at once, then yields outer row +
     * inner row per match (outer row + NULLs for unmatched rows of a LEFT join). Each batch is one short read
     * ({@link ReadSegments#read}), so that a long join moves on to new transactions with its outer scan.
     */
    public Enumerable<Object> lookupJoin(Enumerable<Object> outer, int[] outerKeys, String recordIndex,
                                         int[] innerKeys, boolean leftOuter) {
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<Object> enumerator() {
                Table t = current(binding.current());
                Enumerator<Object> rows = outer.enumerator();
                java.util.ArrayDeque<Object[]> ready = new java.util.ArrayDeque<>();
                return new Enumerator<>() {
                    private Object[] current;

                    @Override
                    public Object current() {
                        return current;
                    }

                    @Override
                    public boolean moveNext() {
                        while (ready.isEmpty()) {
                            List<Object[]> batch = new ArrayList<>(JOIN_BATCH);
                            while (batch.size() < JOIN_BATCH && rows.moveNext()) {
                                batch.add((Object[]) rows.current());
                            }
                            if (batch.isEmpty()) {
                                return false;
                            }
                            ready.addAll(ReadSegments.read(binding, s -> {
                                List<Object[]> joined = new ArrayList<>();
                                LookupJoinBatches.join(s, t, batch, outerKeys, recordIndex, innerKeys, leftOuter,
                                        joined);
                                return joined;
                            }));
                        }
                        current = ready.poll();
                        return true;
                    }

                    @Override
                    public void reset() {
                        throw new UnsupportedOperationException("a lookup join cannot be restarted");
                    }

                    @Override
                    public void close() {
                        rows.close();
                    }
                };
            }
        };
    }

    /** The queryable the generated code reaches the table through. */
    public static final class RecordLayerQueryable<T> extends AbstractTableQueryable<T> {
        RecordLayerQueryable(QueryProvider queryProvider, SchemaPlus schema, RecordLayerTable table,
                             String tableName) {
            super(queryProvider, schema, table, tableName);
        }

        @Override
        public Enumerator<T> enumerator() {
            throw new UnsupportedOperationException("read through query()");
        }

        private RecordLayerTable recordLayerTable() {
            return (RecordLayerTable) table;
        }

        public Enumerable<Object> query(DataContext context, RecordLayerRead read) {
            return recordLayerTable().query(context, read);
        }

        public Enumerable<Object> lookupJoin(Enumerable<Object> outer, int[] outerKeys, String recordIndex,
                                             int[] innerKeys, boolean leftOuter) {
            return recordLayerTable().lookupJoin(outer, outerKeys, recordIndex, innerKeys, leftOuter);
        }

        public Enumerable<Object> countRows() {
            return recordLayerTable().countRows();
        }

        public Enumerable<Object> countGroups(String countIndex, int[] groupOrder, int[] values) {
            return recordLayerTable().countGroups(countIndex, groupOrder, values);
        }

        public Enumerable<Long> modify(String operation, Enumerable<Object> input, String[] updateColumns) {
            return recordLayerTable().modify(operation, input, updateColumns);
        }
    }
}
