package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import java.math.BigDecimal;
import java.lang.reflect.Type;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.linq4j.Queryable;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.QueryableTable;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.schema.impl.TableFunctionImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * PostgreSQL's {@code generate_series(start, stop [, step])} of integers, bigints and numerics in FROM, as table
 * functions of the root schema: one column named {@code generate_series}, from start to stop (inclusive) by step
 * (default 1); no row where a bound or the step is NULL or the step goes away from stop; a step of zero is 22023
 * {@code step size cannot equal zero}, as PostgreSQL's. An integer series stops before it would pass its type's
 * range (PostgreSQL's does too).
 *
 * <p>A call is a {@link QueryableTable} whose rows are the values themselves, not one-element arrays: Calcite's
 * table-function scan gives a one-column {@code ScannableTable} the array format without optimizing it, and a Sort or
 * Limit straight above it (which keep their input's rows) then reports the optimized, scalar format, so the result's
 * cursor read an {@code Object[]} as an integer (XX000 for {@code SELECT g FROM generate_series(1, 4) g ORDER BY g}).
 */
public final class GenerateSeries {
    static final String NAME = "generate_series";

    private GenerateSeries() {
    }

    /** Adds the functions to {@code root}, and {@link RegexpSplit}'s. */
    public static void addTo(SchemaPlus root) {
        for (String m : new String[] {"ints", "ints3", "longs", "longs3", "numerics", "numerics3"}) {
            root.add(NAME, TableFunctionImpl.create(GenerateSeries.class, m));
        }
        RegexpSplit.addTo(root);
    }

    public static QueryableTable ints(Integer start, Integer stop) {
        return ints3(start, stop, 1);
    }

    public static QueryableTable ints3(Integer start, Integer stop, Integer step) {
        return new Series(SqlTypeName.INTEGER, start == null ? null : BigDecimal.valueOf(start),
                stop == null ? null : BigDecimal.valueOf(stop), step == null ? null : BigDecimal.valueOf(step));
    }

    public static QueryableTable longs(Long start, Long stop) {
        return longs3(start, stop, 1L);
    }

    public static QueryableTable longs3(Long start, Long stop, Long step) {
        return new Series(SqlTypeName.BIGINT, start == null ? null : BigDecimal.valueOf(start),
                stop == null ? null : BigDecimal.valueOf(stop), step == null ? null : BigDecimal.valueOf(step));
    }

    public static QueryableTable numerics(BigDecimal start, BigDecimal stop) {
        return numerics3(start, stop, BigDecimal.ONE);
    }

    public static QueryableTable numerics3(BigDecimal start, BigDecimal stop, BigDecimal step) {
        return new Series(SqlTypeName.DECIMAL, start, stop, step);
    }

    /** The rows of one call; its row type is known without its values (the validator asks with NULLs). */
    private static final class Series extends AbstractTable implements QueryableTable {
        private final SqlTypeName type;
        private final BigDecimal start;
        private final BigDecimal stop;
        private final BigDecimal step;

        Series(SqlTypeName type, BigDecimal start, BigDecimal stop, BigDecimal step) {
            this.type = type;
            this.start = start;
            this.stop = stop;
            this.step = step;
        }

        @Override
        public RelDataType getRowType(RelDataTypeFactory types) {
            return types.builder().add(NAME, type).build();
        }

        @Override
        public Type getElementType() {
            return Object.class;
        }

        @Override
        public Expression getExpression(SchemaPlus schema, String tableName, Class clazz) {
            throw new UnsupportedOperationException("generate_series is a call, not a table of a schema");
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> Queryable<T> asQueryable(QueryProvider queryProvider, SchemaPlus schema, String tableName) {
            if (step != null && step.signum() == 0) {
                throw new SqlException("22023", "step size cannot equal zero");
            }
            return (Queryable<T>) new AbstractEnumerable<Object>() {
                @Override
                public Enumerator<Object> enumerator() {
                    return new Enumerator<>() {
                        private BigDecimal next = start;
                        private Object current;

                        @Override
                        public Object current() {
                            return current;
                        }

                        @Override
                        public boolean moveNext() {
                            if (next == null || stop == null || step == null
                                    || (step.signum() > 0 ? next.compareTo(stop) > 0 : next.compareTo(stop) < 0)) {
                                return false;
                            }
                            current = value(next);
                            next = next.add(step);
                            if (pastType(next)) {
                                next = null;
                            }
                            return true;
                        }

                        @Override
                        public void reset() {
                            next = start;
                        }

                        @Override
                        public void close() {
                        }
                    };
                }
            }.asQueryable();
        }

        private Object value(BigDecimal v) {
            return type == SqlTypeName.INTEGER ? (Object) v.intValue()
                    : type == SqlTypeName.BIGINT ? (Object) v.longValue() : v;
        }

        /** Whether {@code v} is past the range of an integer or bigint series' type. */
        private boolean pastType(BigDecimal v) {
            if (type == SqlTypeName.INTEGER) {
                return v.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0
                        || v.compareTo(BigDecimal.valueOf(Integer.MIN_VALUE)) < 0;
            }
            return type == SqlTypeName.BIGINT && (v.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0
                    || v.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) < 0);
        }
    }
}
