package io.relationshiplayer.sql;

import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.relationships.Session;
import io.relationshiplayer.sql.calcite.FastPath;
import io.relationshiplayer.sql.calcite.SqlTypes;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Runs a point statement on its {@link FastPath} in the session's current transaction: its parameters bound and
 * checked as the full plan's are ({@link ParameterBinding#internal}: in the plan's internal form), the write permission
 * asked before a write, and a query's rows converted as Calcite's JDBC result set would give them
 * ({@link ResultRows#of}). Everything around it (transactions, retries, the failed-transaction state, cancel
 * checks, metrics) is the session's, as for any statement.
 */
final class FastStatements {
    private FastStatements() {
    }

    /** Runs {@code plan}'s fast path (it must have one) in {@code s}; a query's rows are read before it returns. */
    static StatementResult run(CalciteRunner calcite, CalciteRunner.Plan plan, List<Object> params, String tag,
                               Session s, Runnable requireWrite) {
        Object[] values = ParameterBinding.internal(plan.parameterTypes(), params, plan.sql());
        FastPath fast = plan.fast();
        if (fast.writes()) {
            requireWrite.run();
            return new StatementResult.Update(tag, fast.write(s, values, calcite.statementRows()));
        }
        List<ColumnMeta> columns = plan.columns();
        List<Object[]> rows = new ArrayList<>();
        for (Object[] internal : fast.query(s, values)) {
            Object[] row = new Object[columns.size()];
            for (int i = 0; i < row.length; i++) {
                row[i] = value(internal[i], columns.get(i));
            }
            rows.add(row);
        }
        return new StatementResult.Query(tag, columns, new Rows(rows));
    }

    /** A value of Calcite's internal form as the JDBC result set and {@link ResultRows#of} would give it. */
    private static Object value(Object v, ColumnMeta column) {
        if (v == null) {
            return null;
        }
        ColumnKind kind = column.type().getKind();
        if (v instanceof org.apache.calcite.avatica.util.ByteString) {
            return ((org.apache.calcite.avatica.util.ByteString) v).getBytes();
        }
        if (kind == ColumnKind.DATE && v instanceof Number) {
            return LocalDate.ofEpochDay(((Number) v).longValue());
        }
        if (kind == ColumnKind.TIMESTAMP && v instanceof Number) {
            return io.relationshiplayer.sql.calcite.Timestamps.fromMicros(((Number) v).longValue());
        }
        if (kind == ColumnKind.TIME && v instanceof Number) {
            return new io.relationshiplayer.proto.values.TimeOfDay(((Number) v).longValue());
        }
        if (v instanceof Float) {
            return ResultRows.realAsDouble((Float) v);
        }
        if (v instanceof Short || v instanceof Byte) {
            return ((Number) v).intValue();
        }
        if (v instanceof BigDecimal && kind != ColumnKind.DECIMAL) {
            return SqlTypes.fromInternal(ColumnDef.newBuilder().setType(column.type()).build(), v);
        }
        return v;
    }

    /**
     * An EXPLAIN's result ({@code text} is "EXPLAIN PLAN FOR statement"), with the line of the statement's fast path
     * (its plan from {@code plans}) before its plan when it has one.
     */
    static StatementResult explained(String text, StatementResult result,
                                     java.util.function.Function<String, CalciteRunner.Plan> plans) {
        if (!StatementText.leadingWords(text, 3).equals("EXPLAIN PLAN FOR") || !(result instanceof StatementResult.Query)) {
            return result;
        }
        String inner = StatementText.strip(StatementText.afterFirstWord(StatementText.afterFirstWord(
                StatementText.afterFirstWord(text))));
        FastPath fast = plans.apply(inner).fast();
        if (fast == null) {
            return result;
        }
        StatementResult.Query explain = (StatementResult.Query) result;
        String line = fast.describe();
        List<Object[]> rows = new ArrayList<>();
        try (RowStream r = explain.rows()) {
            while (r.hasNext()) {
                rows.add(r.next());
            }
        }
        if (!rows.isEmpty() && rows.get(0).length > 0) {
            Object[] first = rows.get(0).clone();
            first[0] = line + "\n" + first[0];
            rows.set(0, first);
        } else {
            rows.add(new Object[] {line});
        }
        return new StatementResult.Query(explain.command(), explain.columns(), new Rows(rows));
    }

    /** Rows already read. */
    private static final class Rows implements RowStream {
        private final Iterator<Object[]> rows;

        Rows(List<Object[]> rows) {
            this.rows = rows.iterator();
        }

        @Override
        public boolean hasNext() {
            return rows.hasNext();
        }

        @Override
        public Object[] next() {
            return rows.next();
        }

        @Override
        public void close() {
        }
    }
}
