package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.BooleanCasts;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;

/**
 * Constant casts between text and BOOLEAN made as PostgreSQL makes them, as the statement is converted: Calcite's
 * simplifier folds a cast of a literal while the plan is built, before {@link BooleanCasts}' rewrite of the plan sees
 * it ({@code TRUE::text} was {@code TRUE}). A text literal cast to BOOLEAN is read by {@link BooleanCasts#read}
 * ({@code 'yes'::boolean} is TRUE; anything else 22P02 at the cast's position), a BOOLEAN literal cast to text is
 * {@code true} or {@code false}. Casts of anything else are {@link BooleanCasts}' in the plan.
 */
final class BooleanLiterals implements SqlRexConvertletTable {
    private final SqlRexConvertletTable delegate;

    BooleanLiterals(SqlRexConvertletTable delegate) {
        this.delegate = delegate;
    }

    @Override
    public SqlRexConvertlet get(SqlCall call) {
        SqlRexConvertlet convertlet = delegate.get(call);
        if (convertlet == null) {
            return null;
        }
        return (cx, c) -> {
            RexNode converted = convertlet.convertCall(cx, c);
            return converted instanceof RexCall ? converted.accept(new Casts(cx.getRexBuilder(), c)) : converted;
        };
    }

    /** Every cast of a literal between text and BOOLEAN in an expression, as the literal it means. */
    private static final class Casts extends RexShuttle {
        private final RexBuilder rex;
        private final SqlCall source;

        Casts(RexBuilder rex, SqlCall source) {
            this.rex = rex;
            this.source = source;
        }

        @Override
        public RexNode visitCall(RexCall original) {
            RexCall call = (RexCall) super.visitCall(original);
            if (call.getKind() != SqlKind.CAST || call.getOperands().size() != 1
                    || !(call.getOperands().get(0) instanceof RexLiteral literal) || literal.isNull()) {
                return call;
            }
            SqlTypeName to = call.getType().getSqlTypeName();
            SqlTypeName from = literal.getTypeName();
            boolean fromText = from == SqlTypeName.CHAR || from == SqlTypeName.VARCHAR;
            if (fromText && to == SqlTypeName.BOOLEAN) {
                String text = literal.getValueAs(String.class);
                if (BooleanCasts.read(text) == null) {
                    // at the literal, as PostgreSQL places it (CAST('x' AS BOOLEAN) too)
                    org.apache.calcite.sql.SqlNode at = TextLiterals.literal(source, text);
                    SqlParserPos pos = at != null ? at.getParserPosition() : source.getParserPosition();
                    throw new SqlException(SqlException.INVALID_TEXT, "invalid input syntax for type boolean: \""
                            + text + "\"", pos.getLineNum(), pos.getColumnNum(), null);
                }
                return rex.makeCast(call.getType(), rex.makeLiteral(BooleanCasts.read(text)), true, false);
            }
            if (from == SqlTypeName.BOOLEAN && (to == SqlTypeName.CHAR || to == SqlTypeName.VARCHAR)) {
                return rex.makeCast(call.getType(), rex.makeLiteral(Boolean.TRUE.equals(literal.getValueAs(
                        Boolean.class)) ? "true" : "false"), true, false);
            }
            return call;
        }
    }
}
