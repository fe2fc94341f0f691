package io.relationshiplayer.sql;

import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.relationships.CheckCompiler;
import io.relationshiplayer.relationships.RelationalException;
import io.relationshiplayer.relationships.Table;
import io.relationshiplayer.sql.calcite.SqlTypes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Nonnull;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.linq4j.function.Function1;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexExecutorImpl;
import org.apache.calcite.schema.SchemaPlus;

/**
 * CHECK constraints as SQL: each expression is analysed by {@link CheckExpressions} (Calcite's parser, validator and
 * converter, with the statements' operators, types and checked arithmetic), then compiled to Java by Calcite's code
 * generator, as a plan's expressions are, so a check means exactly what the same expression means in a WHERE clause.
 * Compiled checks are kept by expression and column list (a catalog change that leaves a table's columns alone does
 * not compile its checks again). A failure while testing a row (an overflow, a division by zero) refuses the write
 * with its SQLSTATE (22003, 22012).
 */
public final class SqlCheckCompiler implements CheckCompiler {
    /** The compiler the SQL engine gives its relationship layer. */
    public static final SqlCheckCompiler INSTANCE = new SqlCheckCompiler();

    private static final int CACHED = 1024;

    private final Map<String, Compiled> compiled = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Compiled> eldest) {
            return size() > CACHED;
        }
    };

    private SqlCheckCompiler() {
    }

    @Nonnull
    @Override
    public Compiled compile(@Nonnull Table table, @Nonnull String expression) {
        String key = cacheKey(table, expression);
        synchronized (compiled) {
            Compiled known = compiled.get(key);
            if (known != null) {
                return known;
            }
        }
        Compiled made;
        try {
            made = generate(table, CheckExpressions.analyze(table, expression));
        } catch (SqlException e) {
            // Raised inside a catalog change of the layer, which passes its own exception through unchanged.
            throw new RelationalException(RelationalException.Kind.INVALID, e.sqlState(), e.getMessage(), null, e);
        }
        synchronized (compiled) {
            compiled.put(key, made);
        }
        return made;
    }

    /**
     * Refuses {@code expression} if it is no valid check over the columns of {@code table}, with a {@link SqlException}
     * positioned in the expression's text; compiles nothing.
     */
    public void validate(@Nonnull Table table, @Nonnull String expression) {
        CheckExpressions.analyze(table, expression);
    }

    /** The table's columns (names and types, in order) and the expression: what a compiled check depends on. */
    private static String cacheKey(Table table, String expression) {
        StringBuilder key = new StringBuilder(expression).append('\u0000').append(table.name());
        for (ColumnDef c : table.columns()) {
            key.append('\u0000').append(c.getName()).append(':').append(c.getType().getKind())
                    .append(c.getType().getLength()).append(',').append(c.getType().getPrecision()).append(',')
                    .append(c.getType().getScale()).append(c.getNotNull() ? "!" : "");
        }
        return key.toString();
    }

    private static Compiled generate(Table table, CheckExpressions.Analyzed analyzed) {
        RexBuilder rex = analyzed.rexBuilder();
        // a TIME column as the BIGINT of microseconds it holds, made a TIME again where read: the executor would read
        // a TIME field as Calcite's int of milliseconds
        org.apache.calcite.rel.type.RelDataTypeFactory.Builder rowType = rex.getTypeFactory().builder();
        for (var f : analyzed.rowType().getFieldList()) {
            rowType.add(f.getName(), f.getType().getSqlTypeName() == org.apache.calcite.sql.type.SqlTypeName.TIME
                    ? bigint(rex, f.getType()) : f.getType());
        }
        org.apache.calcite.rex.RexNode expression = analyzed.expression().accept(
                new org.apache.calcite.rex.RexShuttle() {
                    @Override
                    public org.apache.calcite.rex.RexNode visitInputRef(org.apache.calcite.rex.RexInputRef ref) {
                        if (ref.getType().getSqlTypeName() != org.apache.calcite.sql.type.SqlTypeName.TIME) {
                            return ref;
                        }
                        return io.relationshiplayer.sql.calcite.TimeFunctions.of(rex, ref.getType(),
                                new org.apache.calcite.rex.RexInputRef(ref.getIndex(), bigint(rex, ref.getType())));
                    }
                });
        Function1<DataContext, Object[]> code = RexExecutorImpl.getExecutable(rex, List.of(expression),
                rowType.build()).getFunction();
        JavaTypeFactory types = new io.relationshiplayer.sql.calcite.RlJavaTypes(rex.getTypeFactory().getTypeSystem());
        List<ColumnDef> columns = new ArrayList<>(table.columns());
        return new SqlCheck(analyzed.columns(), analyzed.positions(), columns, code, types);
    }

    private static org.apache.calcite.rel.type.RelDataType bigint(RexBuilder rex,
                                                                   org.apache.calcite.rel.type.RelDataType like) {
        return rex.getTypeFactory().createTypeWithNullability(rex.getTypeFactory().createSqlType(
                org.apache.calcite.sql.type.SqlTypeName.BIGINT), like.isNullable());
    }

    /** One compiled check: reads the columns it needs in Calcite's internal form and runs the generated code. */
    private record SqlCheck(List<String> columns, int[] positions, List<ColumnDef> columnDefs,
                            Function1<DataContext, Object[]> code, JavaTypeFactory types) implements Compiled {
        @Override
        public boolean test(@Nonnull Object[] values) {
            Object[] row = new Object[values.length];
            for (int p : positions) {
                row[p] = SqlTypes.toInternal(columnDefs.get(p), values[p]);
            }
            Object result;
            try {
                result = code.apply(new RowContext(row, types))[0];
            } catch (RuntimeException e) {
                SqlException sql = SqlErrors.toSql(e);
                throw new RelationalException(RelationalException.Kind.DATA, sql.sqlState(), sql.getMessage(), null,
                        e);
            }
            return !Boolean.FALSE.equals(result);
        }
    }

    /** The data context of one test: the row as "inputRecord", as the generated code reads it. */
    private record RowContext(Object[] row, JavaTypeFactory types) implements DataContext {
        @Override
        public SchemaPlus getRootSchema() {
            return null;
        }

        @Override
        public JavaTypeFactory getTypeFactory() {
            return types;
        }

        @Override
        public QueryProvider getQueryProvider() {
            throw new UnsupportedOperationException("a check constraint runs no query");
        }

        @Override
        public Object get(String name) {
            return name.equals("inputRecord") ? row : null;
        }
    }
}
