package io.relationshiplayer.sql.calcite;

import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.linq4j.function.Strict;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlAbstractTimeFunction;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.tools.Program;

/**
 * Casts to and from TIMESTAMP as PostgreSQL makes them, where Calcite's generated code would change a value unseen:
 * text to TIMESTAMP is read by {@link Timestamps#parse} (Calcite drops the digits its precision does not keep, so
 * {@code '12:00:00.123456'} became {@code 12:00:00.123}), a TIMESTAMP to a smaller precision is
 * rounded (Calcite truncates), and a TIMESTAMP to text keeps its fraction (Calcite dropped it). Applied to every plan
 * before optimization ({@link #program}), so constant folding runs the same functions.
 */
public final class TimestampCasts {
    private static final SqlUserDefinedFunction PARSE = function("parse",
            ReturnTypes.BIGINT.andThen(SqlTypeTransforms.TO_NULLABLE));
    /** A TIMESTAMP's microseconds rounded to a precision below six ({@link Timestamps#round}). */
    static final SqlUserDefinedFunction ROUND = function("round",
            ReturnTypes.BIGINT.andThen(SqlTypeTransforms.TO_NULLABLE));
    private static final SqlUserDefinedFunction TEXT = function("text",
            ReturnTypes.explicit(SqlTypeName.VARCHAR).andThen(SqlTypeTransforms.TO_NULLABLE));

    private TimestampCasts() {
    }

    /** {@code planning}, run on a plan after this rewrite. */
    public static Program program(Program planning) {
        return CallRewrites.program(planning, Rewrite::new);
    }

    /** {@code rel} with its casts to and from TIMESTAMP made exact. */
    public static RelNode rewrite(RelNode rel) {
        return CallRewrites.apply(rel, Rewrite::new);
    }

    private static SqlUserDefinedFunction function(String method, SqlReturnTypeInference type) {
        return CallRewrites.function(Functions.class, "rl_timestamp_" + method, method, type);
    }

    private static final class Rewrite extends CallRewrites.CastRewrite {
        Rewrite(RexBuilder rex) {
            super(rex);
        }

        @Override
        RexNode cast(RexCall call, RexNode x, SqlTypeName from) {
            RelDataType to = call.getType();
            boolean text = from == SqlTypeName.CHAR || from == SqlTypeName.VARCHAR;
            if (to.getSqlTypeName() == SqlTypeName.TIMESTAMP && text) {
                return asTimestamp(to, rex.makeCall(bigint(x), PARSE, List.of(x, precision(to))));
            }
            // CURRENT_TIMESTAMP and LOCALTIMESTAMP without a precision are microseconds (TimestampFunctions), though
            // Calcite types them TIMESTAMP(0)
            boolean clock = x instanceof RexCall c && c.getOperator() instanceof SqlAbstractTimeFunction
                    && c.getOperands().isEmpty();
            if (to.getSqlTypeName() == SqlTypeName.TIMESTAMP && from == SqlTypeName.TIMESTAMP && to.getPrecision()
                    < Math.min(clock ? Timestamps.PRECISION : x.getType().getPrecision(), Timestamps.PRECISION)) {
                return asTimestamp(to, rex.makeCall(bigint(x), ROUND, List.of(asBigint(x), precision(to))));
            }
            if ((to.getSqlTypeName() == SqlTypeName.VARCHAR || to.getSqlTypeName() == SqlTypeName.CHAR)
                    && from == SqlTypeName.TIMESTAMP) {
                RelDataTypeFactory types = rex.getTypeFactory();
                RexNode s = rex.makeCall(types.createTypeWithNullability(types.createSqlType(SqlTypeName.VARCHAR),
                        x.getType().isNullable()), TEXT, List.of(asBigint(x)));
                return rex.makeCast(to, s, true, false);
            }
            return call;
        }

        private RelDataType bigint(RexNode like) {
            RelDataTypeFactory types = rex.getTypeFactory();
            return types.createTypeWithNullability(types.createSqlType(SqlTypeName.BIGINT),
                    like.getType().isNullable());
        }

        private RexNode precision(RelDataType timestamp) {
            return rex.makeExactLiteral(BigDecimal.valueOf(timestamp.getPrecision()),
                    rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER));
        }

        /** A TIMESTAMP's microseconds, the long it is in generated code, as a BIGINT. */
        private RexNode asBigint(RexNode timestamp) {
            return rex.makeReinterpretCast(bigint(timestamp), timestamp, rex.makeLiteral(false));
        }

        /** Microseconds (a BIGINT) as the TIMESTAMP {@code type}, the same long in generated code. */
        private RexNode asTimestamp(RelDataType type, RexNode micros) {
            return TimestampFunctions.of(rex, type, micros);
        }
    }

    /** The functions themselves, called from generated code (never with NULL: they are strict). */
    @Strict
    public static final class Functions {
        private Functions() {
        }

        /** Text as a TIMESTAMP(precision), in microseconds ({@link Timestamps#parse}). */
        public static long parse(String text, int precision) {
            return Timestamps.parse(text, precision);
        }

        /** A TIMESTAMP rounded to a precision below microseconds' ({@link Timestamps#round}). */
        public static long round(long micros, int precision) {
            return Timestamps.round(micros, precision);
        }

        /** A TIMESTAMP as PostgreSQL writes it ({@link Timestamps#text}). */
        public static String text(long micros) {
            return Timestamps.text(micros);
        }
    }
}
