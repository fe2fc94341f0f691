package io.relationshiplayer.sql.calcite;

import java.lang.ref.WeakReference;
import java.time.Instant;
import java.util.List;
import java.util.function.LongSupplier;
import javax.annotation.Nullable;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.CallImplementor;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.ImplementableFunction;
import org.apache.calcite.schema.ScalarFunction;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * {@code now()}, {@code CURRENT_TIMESTAMP} and {@code LOCALTIMESTAMP} as PostgreSQL's: microseconds (Calcite's clock
 * has milliseconds), the start of the statement's transaction, so the same for every statement of it. A runner's
 * clock ({@link #start}) remembers the transaction it last answered for; each run of a statement reads it once, when
 * Calcite makes the run's data context ({@link #clocked}), and the plan reads that value ({@link #NOW}). Calcite's own
 * clock variables in that context (read by CURRENT_DATE) are the same instant's milliseconds; CURRENT_TIME and
 * LOCALTIME are the time of day of {@link #NOW}, in microseconds ({@link TimeFunctions}).
 */
public final class TransactionClock {
    /** The data context's variable of the run's now(), in microseconds since 1970. */
    private static final String VARIABLE = "rlNowMicros";
    /** The data context's variable of the run's {@link StatementCancel}. */
    private static final String CANCEL = "rlStatementCancel";
    /** Calcite's clock variables (milliseconds; the connection's time zone is UTC, so all three are the same). */
    private static final List<String> CALCITE_CLOCK = List.of(DataContext.Variable.UTC_TIMESTAMP.camelName,
            DataContext.Variable.CURRENT_TIMESTAMP.camelName, DataContext.Variable.LOCAL_TIMESTAMP.camelName);

    /**
     * The run's now() as a BIGINT of microseconds. Dynamic and not deterministic: constant folding never evaluates it,
     * and a fast path (which has no such data context) never takes a statement with it.
     */
    public static final SqlUserDefinedFunction NOW = new SqlUserDefinedFunction(
            new SqlIdentifier("rl_now", SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION, ReturnTypes.BIGINT, null, null,
            new Now()) {
        @Override
        public boolean isDynamicFunction() {
            return true;
        }

        @Override
        public boolean isDeterministic() {
            return false;
        }
    };

    private WeakReference<Object> transaction = new WeakReference<>(null);
    private long start;

    /**
     * The start of {@code transaction} (an object of it, compared by identity; null: none) in microseconds since 1970:
     * now, the first time the clock is asked about it.
     */
    public synchronized long start(@Nullable Object transaction) {
        if (transaction == null || this.transaction.get() != transaction) {
            this.transaction = new WeakReference<>(transaction);
            start = now();
        }
        return start;
    }

    /** The current instant in microseconds since 1970 (the JVM's clock has them on Linux). */
    public static long now() {
        Instant t = Instant.now();
        return t.getEpochSecond() * Timestamps.SECOND + t.getNano() / 1000;
    }

    /**
     * {@code s}, each of its runs in a data context that holds {@code clock}'s value when the run starts, and
     * {@code cancel}, the cancel request of the runner's statements (for {@link PgSleep}).
     */
    public static <T> CalcitePrepare.CalciteSignature<T> clocked(CalcitePrepare.CalciteSignature<T> s,
                                                                 LongSupplier clock, StatementCancel cancel) {
        // the limit of rows (maxRowCount) is applied by s itself: none here
        return new CalcitePrepare.CalciteSignature<T>(s.sql, s.parameters, s.internalParameters, s.rowType, s.columns,
                s.cursorFactory, s.rootSchema, s.getCollationList(), -1, null, s.statementType) {
            @Override
            public Enumerable<T> enumerable(DataContext root) {
                return s.enumerable(new Clocked(root, clock.getAsLong(), cancel));
            }
        };
    }

    /** Called from generated code: the run's now() in microseconds ({@link #NOW}). */
    public static long micros(DataContext root) {
        return root.get(VARIABLE) instanceof Long micros ? micros : now();
    }

    /** The cancel request of the run of {@code root}'s statement, or null (a context not made here). */
    @Nullable
    static StatementCancel cancel(DataContext root) {
        return root.get(CANCEL) instanceof StatementCancel c ? c : null;
    }

    /**
     * A run's data context with its now() ({@code micros}), Calcite's clock variables that instant's milliseconds, and
     * its statement's cancel request.
     */
    private record Clocked(DataContext root, long micros, StatementCancel cancel) implements DataContext {
        @Override
        public @Nullable SchemaPlus getRootSchema() {
            return root.getRootSchema();
        }

        @Override
        public JavaTypeFactory getTypeFactory() {
            return root.getTypeFactory();
        }

        @Override
        public QueryProvider getQueryProvider() {
            return root.getQueryProvider();
        }

        @Override
        public @Nullable Object get(String name) {
            if (name.equals(VARIABLE)) {
                return micros;
            }
            if (name.equals(CANCEL)) {
                return cancel;
            }
            return CALCITE_CLOCK.contains(name) ? Math.floorDiv(micros, 1000L) : root.get(name);
        }
    }

    /** {@link #NOW}'s implementation: {@link #micros} of the generated code's data context. */
    private static final class Now implements ScalarFunction, ImplementableFunction {
        @Override
        public RelDataType getReturnType(RelDataTypeFactory types) {
            return types.createSqlType(org.apache.calcite.sql.type.SqlTypeName.BIGINT);
        }

        @Override
        public List<FunctionParameter> getParameters() {
            return List.of();
        }

        @Override
        public CallImplementor getImplementor() {
            return (translator, call, nullAs) -> Expressions.call(TransactionClock.class, "micros",
                    translator.getRoot());
        }
    }
}
