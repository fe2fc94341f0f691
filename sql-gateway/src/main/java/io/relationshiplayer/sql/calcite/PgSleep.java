package io.relationshiplayer.sql.calcite;

import java.math.BigDecimal;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.CallImplementor;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.ImplementableFunction;
import org.apache.calcite.schema.ScalarFunction;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * PostgreSQL's {@code pg_sleep(seconds)} and {@code pg_sleep_for(interval)}: the row's value waits that long, then is
 * PostgreSQL's void (an empty text; NULL of a NULL argument, as the function is strict). A negative, zero or NaN time
 * does not wait. The wait is the statement's ({@link StatementCancel#sleep}): a cancel, the call's deadline, the
 * statement timeout or the session's closing end it at once with 57014. Each call is converted to {@link #SLEEP}, a
 * function of the seconds as a DOUBLE that is dynamic and not deterministic, so that constant folding never runs it
 * while the statement is planned and no fast path takes it; it reads the run's cancel request from the data context
 * ({@link TransactionClock#cancel}).
 */
public final class PgSleep {
    /** {@code pg_sleep(double precision)}. */
    public static final SqlFunction PG_SLEEP = new SqlFunction("PG_SLEEP", SqlKind.OTHER_FUNCTION, voidType(), null,
            OperandTypes.NUMERIC, SqlFunctionCategory.SYSTEM) {
        @Override
        public boolean isDynamicFunction() {
            return true;
        }

        @Override
        public boolean isDeterministic() {
            return false;
        }
    };

    /** {@code pg_sleep_for(interval)}. */
    public static final SqlFunction PG_SLEEP_FOR = new SqlFunction("PG_SLEEP_FOR", SqlKind.OTHER_FUNCTION,
            voidType(), null, OperandTypes.family(SqlTypeFamily.DATETIME_INTERVAL), SqlFunctionCategory.SYSTEM) {
        @Override
        public boolean isDynamicFunction() {
            return true;
        }

        @Override
        public boolean isDeterministic() {
            return false;
        }
    };

    /** What the calls become: a wait of a DOUBLE of seconds, in the run's data context. */
    static final SqlUserDefinedFunction SLEEP = new SqlUserDefinedFunction(
            new SqlIdentifier("rl_sleep", SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION, voidType(), null, null,
            new Sleep()) {
        @Override
        public boolean isDynamicFunction() {
            return true;
        }

        @Override
        public boolean isDeterministic() {
            return false;
        }
    };

    /** Seconds of a month, as PostgreSQL's interval arithmetic counts one (30 days). */
    private static final double MONTH_SECONDS = 30 * 86_400.0;

    private PgSleep() {
    }

    private static org.apache.calcite.sql.type.SqlReturnTypeInference voidType() {
        // always nullable: a NOT NULL type would let the simplifier fold "pg_sleep(1) IS NOT NULL" to TRUE unrun
        return ReturnTypes.explicit(SqlTypeName.VARCHAR).andThen(SqlTypeTransforms.FORCE_NULLABLE);
    }

    /** {@code pg_sleep(seconds)} of the converted {@code seconds}, of the validated {@code type}. */
    public static RexNode seconds(RexBuilder rex, RelDataType type, RexNode seconds) {
        return rex.makeCall(type, SLEEP, List.of(rex.makeCast(dbl(rex, seconds), seconds, true, false)));
    }

    /**
     * {@code pg_sleep_for(interval)}: the interval's seconds (a day-time interval is a long of milliseconds, a
     * year-month one of months, each of 30 days).
     */
    public static RexNode interval(RexBuilder rex, RelDataType type, RexNode interval) {
        RelDataType it = interval.getType();
        boolean months = SqlTypeName.YEAR_INTERVAL_TYPES.contains(it.getSqlTypeName());
        RelDataTypeFactory types = rex.getTypeFactory();
        RelDataType count = types.createTypeWithNullability(types.createSqlType(months ? SqlTypeName.INTEGER
                : SqlTypeName.BIGINT), it.isNullable());
        RexNode amount = rex.makeCast(dbl(rex, interval), rex.makeReinterpretCast(count, interval,
                rex.makeLiteral(false)), true, false);
        RexNode factor = rex.makeApproxLiteral(BigDecimal.valueOf(months ? MONTH_SECONDS : 0.001));
        return rex.makeCall(type, SLEEP, List.of(rex.makeCall(SqlStdOperatorTable.MULTIPLY, amount, factor)));
    }

    private static RelDataType dbl(RexBuilder rex, RexNode like) {
        RelDataTypeFactory types = rex.getTypeFactory();
        return types.createTypeWithNullability(types.createSqlType(SqlTypeName.DOUBLE), like.getType().isNullable());
    }

    /**
     * Called from generated code: waits {@code seconds} (none if it is not above zero), stopped by the run's cancel
     * request; the empty text, or null for a null time.
     */
    @Nullable
    public static String sleep(DataContext root, @Nullable Double seconds) {
        if (seconds == null) {
            return null;
        }
        double s = seconds;
        long nanos = !(s > 0) ? 0 : s >= Long.MAX_VALUE / 1e9 ? Long.MAX_VALUE : (long) (s * 1e9);
        StatementCancel cancel = TransactionClock.cancel(root);
        (cancel == null ? new StatementCancel() : cancel).sleep(nanos);
        return "";
    }

    /** {@link #SLEEP}'s implementation: {@link #sleep} of the generated code's data context and the seconds. */
    private static final class Sleep implements ScalarFunction, ImplementableFunction {
        @Override
        public RelDataType getReturnType(RelDataTypeFactory types) {
            return types.createTypeWithNullability(types.createSqlType(SqlTypeName.VARCHAR), true);
        }

        @Override
        public List<FunctionParameter> getParameters() {
            return List.of();
        }

        @Override
        public CallImplementor getImplementor() {
            return (translator, call, nullAs) -> {
                Expression seconds = translator.translateList(call.getOperands(), List.of(Double.class)).get(0);
                if (seconds.getType() instanceof Class<?> c && c.isPrimitive()) {
                    seconds = Expressions.box(seconds); // a literal or a NOT NULL operand
                }
                return Expressions.call(PgSleep.class, "sleep", translator.getRoot(),
                        Expressions.convert_(seconds, Double.class));
            };
        }
    }
}
