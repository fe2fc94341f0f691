package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.relationships.Session;
import io.relationshiplayer.relationships.Table;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.linq4j.function.Function1;
import org.apache.calcite.schema.SchemaPlus;

/**
 * A point statement run without Calcite's JDBC layer and enumerable pipeline ({@link FastPaths} recognises it in the
 * optimized plan, once per plan): its one source row, the primary-key read of the plan ({@link RecordLayerReads}, the
 * same code the plan's read runs) or the rows of an INSERT's VALUES (of literals, or one UNION ALL branch per row
 * where they hold parameters); then the plan's own expressions over it
 * (projections, the UPDATE's new values, a residual condition), compiled once by Calcite's code generator, so they
 * keep exactly the plan's semantics (checked arithmetic, casts, NULLs); then, for DML, the relationship layer's write
 * path through {@link RecordLayerWrites}, as the plan's table modification does. Immutable and shared by every run of
 * the plan; parameters come in Calcite's internal form, as the plan's data context holds them.
 */
public final class FastPath {
    /** What the statement does. */
    public enum Operation { SELECT, INSERT, UPDATE, DELETE }

    private final Operation operation;
    private final String table;
    @Nullable
    private final RecordLayerRead read;
    /** An INSERT's VALUES rows of literals (null for a read). */
    @Nullable
    private final List<Object[]> valuesRows;
    /** A multi-row VALUES of parameters (a UNION ALL of one-row branches): its rows are the source; else null. */
    @Nullable
    private final UnionRows union;

    /**
     * The rows of a UNION ALL whose branches are expressions over the same one-row VALUES ({@code valuesRows}'s
     * one): each of {@code parts}, over that row, gives the next branches' values in order, {@code width} per row.
     */
    record UnionRows(List<Object[]> valuesRows, List<Function1<DataContext, Object[]>> parts, int width) {
    }
    @Nullable
    private final Function1<DataContext, Object[]> expressions;
    private final boolean condition;
    private final String[] updateColumns;
    private final JavaTypeFactory typeFactory;

    FastPath(Operation operation, String table, @Nullable RecordLayerRead read, @Nullable List<Object[]> valuesRows,
             @Nullable Function1<DataContext, Object[]> expressions, boolean condition, String[] updateColumns,
             JavaTypeFactory typeFactory, @Nullable UnionRows union) {
        this.operation = operation;
        this.table = table;
        this.read = read;
        this.valuesRows = valuesRows;
        this.union = union;
        this.expressions = expressions;
        this.condition = condition;
        this.updateColumns = updateColumns.clone();
        this.typeFactory = typeFactory;
    }

    public Operation operation() {
        return operation;
    }

    public boolean writes() {
        return operation != Operation.SELECT;
    }

    /** The EXPLAIN line, e.g. {@code FastPath(PK_POINT UPDATE accounts)}. */
    public String describe() {
        return "FastPath(" + (read == null ? "VALUES" : read.kind().name()) + " " + operation + " " + table + ")";
    }

    /** A query's rows in Calcite's internal form (the plan's output columns), read in {@code s}. */
    public List<Object[]> query(Session s, Object[] params) {
        return rows(s, s.catalog().requireTable(table), params);
    }

    /**
     * A write's affected-row count: the rows go through the write path as the plan's table modification does, and
     * the rows written are kept in {@code statementRows} (if not null) as the plan's are.
     */
    public long write(Session s, Object[] params, @Nullable StatementRows statementRows) {
        Table t = s.catalog().requireTable(table);
        List<Object[]> rows = rows(s, t, params);
        List<Object> input = new ArrayList<>(rows);
        return RecordLayerWrites.apply(s, t, operation.name(), input, updateColumns, statementRows);
    }

    private List<Object[]> rows(Session s, Table t, Object[] params) {
        Context context = new Context(params, typeFactory);
        List<Object[]> source = new ArrayList<>(1);
        if (read != null) {
            Enumerator<Object> e = RecordLayerReads.enumerator(() -> s, t, read, context);
            try {
                while (e.moveNext()) {
                    source.add((Object[]) e.current());
                }
            } finally {
                e.close();
            }
        } else if (union != null) {
            for (Function1<DataContext, Object[]> part : union.parts()) {
                context.row = valuesRows.get(0).clone();
                Object[] values = part.apply(context);
                for (int i = 0; i < values.length; i += union.width()) {
                    source.add(java.util.Arrays.copyOfRange(values, i, i + union.width()));
                }
            }
        } else {
            for (Object[] row : valuesRows) {
                source.add(row.clone());
            }
        }
        if (expressions == null) {
            return source;
        }
        List<Object[]> out = new ArrayList<>(source.size());
        for (Object[] row : source) {
            context.row = row;
            Object[] values = expressions.apply(context);
            if (condition) {
                if (!Boolean.TRUE.equals(values[values.length - 1])) {
                    continue;
                }
                values = java.util.Arrays.copyOf(values, values.length - 1);
            }
            out.add(values);
        }
        return out;
    }

    /** A data context of {@code params} (internal form) and no row. */
    static DataContext context(Object[] params, JavaTypeFactory typeFactory) {
        return new Context(params, typeFactory);
    }

    /** The data context of one run: the parameters as {@code ?i}, the row the expressions read as "inputRecord". */
    private static final class Context implements DataContext {
        private final Object[] params;
        private final JavaTypeFactory typeFactory;
        private Object[] row;

        Context(Object[] params, JavaTypeFactory typeFactory) {
            this.params = params;
            this.typeFactory = typeFactory;
        }

        @Override
        public @Nullable SchemaPlus getRootSchema() {
            return null;
        }

        @Override
        public JavaTypeFactory getTypeFactory() {
            return typeFactory;
        }

        @Override
        public QueryProvider getQueryProvider() {
            throw new UnsupportedOperationException("a fast-path statement has no query provider");
        }

        @Override
        public @Nullable Object get(String name) {
            if (name.equals("inputRecord")) {
                return row;
            }
            if (name.length() > 1 && name.charAt(0) == '?') {
                int i = Integer.parseInt(name, 1, name.length(), 10);
                return i < params.length ? params[i] : null;
            }
            return null;
        }
    }
}
