package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.proto.values.FloatText;
import java.math.BigDecimal;
import org.apache.calcite.linq4j.function.Strict;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.tools.Program;

/**
 * A DOUBLE, REAL or DECIMAL cast to text as PostgreSQL writes it. A DECIMAL: its digits with a zero before the point
 * (Calcite wrote {@code .5}, so {@code CAST(d AS VARCHAR) = '0.50'} found no row). A DOUBLE or REAL: the shortest
 * digits that read back as the same value,
 * without a fraction when it has none, in exponent form below 1e-4 and from 1e15 (1e6 for a REAL) on: {@code 4},
 * {@code 1e+20}, {@code 1e-05}, {@code 0.1}, {@code NaN}, {@code -Infinity}. Calcite wrote Java's text ({@code 4.0},
 * {@code 1.0E20}), so {@code 'x' || 2 ^ 2} was {@code x4.0}. Applied to every plan before optimization.
 */
public final class FloatCasts {
    private static final SqlUserDefinedFunction DOUBLE_TEXT = CallRewrites.function(Functions.class,
            "rl_double_text", "doubleText", ReturnTypes.explicit(SqlTypeName.VARCHAR)
                    .andThen(SqlTypeTransforms.TO_NULLABLE));
    private static final SqlUserDefinedFunction REAL_TEXT = CallRewrites.function(Functions.class,
            "rl_real_text", "realText", ReturnTypes.explicit(SqlTypeName.VARCHAR)
                    .andThen(SqlTypeTransforms.TO_NULLABLE));

    private static final SqlUserDefinedFunction DECIMAL_TEXT = CallRewrites.function(Functions.class,
            "rl_decimal_text", "decimalText", ReturnTypes.explicit(SqlTypeName.VARCHAR)
                    .andThen(SqlTypeTransforms.TO_NULLABLE));

    private FloatCasts() {
    }

    /** {@code planning}, run on a plan after this rewrite. */
    public static Program program(Program planning) {
        return CallRewrites.program(planning, Rewrite::new);
    }

    private static final class Rewrite extends CallRewrites.CastRewrite {
        Rewrite(RexBuilder rex) {
            super(rex);
        }

        @Override
        RexNode cast(RexCall call, RexNode x, SqlTypeName from) {
            SqlTypeName to = call.getType().getSqlTypeName();
            if (to != SqlTypeName.VARCHAR && to != SqlTypeName.CHAR) {
                return call;
            }
            if (from == SqlTypeName.DOUBLE || from == SqlTypeName.FLOAT) {
                return castOf(call, DOUBLE_TEXT, x, SqlTypeName.VARCHAR);
            }
            if (from == SqlTypeName.REAL) {
                return castOf(call, REAL_TEXT, x, SqlTypeName.VARCHAR);
            }
            if (from == SqlTypeName.DECIMAL) {
                return castOf(call, DECIMAL_TEXT, x, SqlTypeName.VARCHAR);
            }
            return call;
        }
    }

    /** The text of {@code x}, a DOUBLE or REAL, as PostgreSQL writes it, of the text {@code type}. */
    public static RexNode text(RexBuilder rex, org.apache.calcite.rel.type.RelDataType type, RexNode x) {
        org.apache.calcite.rel.type.RelDataTypeFactory types = rex.getTypeFactory();
        SqlTypeName from = x.getType().getSqlTypeName();
        SqlUserDefinedFunction f = from == SqlTypeName.REAL ? REAL_TEXT : from == SqlTypeName.DECIMAL ? DECIMAL_TEXT
                : DOUBLE_TEXT;
        return rex.makeCast(type, rex.makeCall(types.createTypeWithNullability(types.createSqlType(
                SqlTypeName.VARCHAR), x.getType().isNullable()), f, java.util.List.of(x)), true, false);
    }

    /** {@code d} as PostgreSQL writes a double precision. */
    public static String text(double d) {
        return FloatText.text(d);
    }

    /** {@code f} as PostgreSQL writes a real. */
    public static String text(float f) {
        return FloatText.text(f);
    }

    /** The functions themselves, called from generated code (never with NULL: they are strict). */
    @Strict
    public static final class Functions {
        private Functions() {
        }

        public static String doubleText(double d) {
            return text(d);
        }

        public static String realText(float f) {
            return text(f);
        }

        /** A DECIMAL as PostgreSQL writes a numeric: its digits and scale, a zero before the point (Calcite: .5). */
        public static String decimalText(BigDecimal d) {
            return d.toPlainString();
        }
    }
}
