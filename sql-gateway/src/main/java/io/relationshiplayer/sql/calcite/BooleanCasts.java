package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import java.util.Locale;
import org.apache.calcite.linq4j.function.Strict;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.tools.Program;

/**
 * Casts between text and BOOLEAN as PostgreSQL makes them, where Calcite's generated code gave other values: a BOOLEAN
 * as text is {@code true} / {@code false} (Calcite wrote {@code TRUE} / {@code FALSE}), and text as a BOOLEAN takes
 * PostgreSQL's spellings ({@link #read}), where Calcite took {@code true} and {@code false} alone; other text is 22P02.
 * Applied to every plan before optimization ({@link #program}), so constant folding runs the same functions.
 */
public final class BooleanCasts {
    private static final SqlUserDefinedFunction PARSE = function("parse",
            ReturnTypes.BOOLEAN.andThen(SqlTypeTransforms.TO_NULLABLE));
    private static final SqlUserDefinedFunction TEXT = function("text",
            ReturnTypes.explicit(SqlTypeName.VARCHAR).andThen(SqlTypeTransforms.TO_NULLABLE));

    private BooleanCasts() {
    }

    /** {@code planning}, run on a plan after this rewrite. */
    public static Program program(Program planning) {
        return CallRewrites.program(planning, Rewrite::new);
    }

    /** {@code rel} with its casts between text and BOOLEAN made PostgreSQL's. */
    public static RelNode rewrite(RelNode rel) {
        return CallRewrites.apply(rel, Rewrite::new);
    }

    /**
     * Text as PostgreSQL's boolean input reads it (its boolin), or null if it does not: leading and trailing whitespace
     * ignored, any case, {@code t}, {@code true}, {@code y}, {@code yes}, {@code on}, {@code 1} and {@code f},
     * {@code false}, {@code n}, {@code no}, {@code off}, {@code 0}, and any prefix of {@code true}, {@code false},
     * {@code yes} and {@code no}, and {@code of} for {@code off}, as PostgreSQL takes them.
     */
    public static Boolean read(String text) {
        String s = text.strip().toLowerCase(Locale.ROOT);
        if (s.isEmpty()) {
            return null;
        }
        if ("true".startsWith(s) || "yes".startsWith(s) || s.equals("on") || s.equals("1")) {
            return Boolean.TRUE;
        }
        if ("false".startsWith(s) || "no".startsWith(s) || s.equals("of") || s.equals("off") || s.equals("0")) {
            return Boolean.FALSE;
        }
        return null;
    }

    /** {@link #read}, or 22P02 as PostgreSQL's error. */
    public static boolean parse(String text) {
        Boolean b = read(text);
        if (b == null) {
            throw new SqlException(SqlException.INVALID_TEXT, "invalid input syntax for type boolean: \"" + text + "\"");
        }
        return b;
    }

    private static SqlUserDefinedFunction function(String method, SqlReturnTypeInference type) {
        return CallRewrites.function(Functions.class, "rl_boolean_" + method, method, type);
    }

    private static final class Rewrite extends CallRewrites.CastRewrite {
        Rewrite(RexBuilder rex) {
            super(rex);
        }

        @Override
        RexNode cast(RexCall call, RexNode x, SqlTypeName from) {
            SqlTypeName to = call.getType().getSqlTypeName();
            boolean fromText = from == SqlTypeName.CHAR || from == SqlTypeName.VARCHAR;
            boolean toText = to == SqlTypeName.CHAR || to == SqlTypeName.VARCHAR;
            if (fromText && to == SqlTypeName.BOOLEAN) {
                return castOf(call, PARSE, x, SqlTypeName.BOOLEAN);
            }
            if (from == SqlTypeName.BOOLEAN && toText) {
                return castOf(call, TEXT, x, SqlTypeName.VARCHAR);
            }
            return call;
        }
    }

    /** The functions themselves, called from generated code (never with NULL: they are strict). */
    @Strict
    public static final class Functions {
        private Functions() {
        }

        /** Text as a BOOLEAN ({@link BooleanCasts#parse}). */
        public static boolean parse(String text) {
            return BooleanCasts.parse(text);
        }

        /** A BOOLEAN as PostgreSQL writes it as text. */
        public static String text(boolean b) {
            return b ? "true" : "false";
        }
    }
}
