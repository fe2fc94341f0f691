package io.relationshiplayer.sql;

import java.math.BigDecimal;
import java.util.regex.Pattern;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;

/**
 * Constant casts of a text literal to a number or a DATE checked as PostgreSQL's input functions read the text, as
 * the statement is converted: {@code int_col > 'a'}, {@code CAST('abc' AS INT)}, {@code INSERT ... VALUES ('x')} into a
 * DATE column and {@code UPDATE ... SET big = 'x'} are 22P02 {@code invalid input syntax for type integer: "a"} (22007
 * for a date), a value outside the type 22003, at the literal's position, where Calcite's folding or generated code
 * failed later with Java's message and no position. Text that reads is left to Calcite's cast.
 */
final class TextLiterals implements SqlRexConvertletTable {
    private static final Pattern INTEGER = Pattern.compile("\\s*[-+]?\\d+\\s*");
    private static final Pattern NUMBER = Pattern.compile("(?i)\\s*[-+]?(\\d+\\.?\\d*|\\.\\d+)(e[-+]?\\d+)?\\s*");
    private static final Pattern SPECIAL = Pattern.compile("(?i)\\s*[-+]?(nan|inf|infinity)\\s*");

    private final SqlRexConvertletTable delegate;

    TextLiterals(SqlRexConvertletTable delegate) {
        this.delegate = delegate;
    }

    @Override
    public SqlRexConvertlet get(SqlCall call) {
        SqlRexConvertlet convertlet = delegate.get(call);
        if (convertlet == null) {
            return null;
        }
        return (cx, c) -> {
            if (c.getKind() == SqlKind.CAST && c.operandCount() == 2
                    && c.operand(0) instanceof SqlCharStringLiteral literal) {
                check(literal.getValueAs(String.class),
                        cx.getValidator().getValidatedNodeType(c).getSqlTypeName(), literal.getParserPosition());
            }
            RexNode converted = convertlet.convertCall(cx, c);
            return converted instanceof RexCall ? converted.accept(new Casts(c)) : converted;
        };
    }

    /**
     * 22P02 (22007 for a date) if {@code text} is not a value of {@code type} as PostgreSQL reads it, 22003 if it is
     * one outside the type's range; the error at {@code pos}. Nothing for a type it does not check.
     */
    static void check(String text, SqlTypeName to, SqlParserPos pos) {
        String name = name(to);
        if (name == null) {
            return;
        }
        String state = null;
        String message = null;
        switch (to) {
            case TINYINT, SMALLINT, INTEGER, BIGINT -> {
                if (!INTEGER.matcher(text).matches()) {
                    state = SqlException.INVALID_TEXT;
                } else {
                    BigDecimal v = new BigDecimal(text.strip().replaceFirst("^\\+", ""));
                    long max = to == SqlTypeName.BIGINT ? Long.MAX_VALUE : to == SqlTypeName.INTEGER
                            ? Integer.MAX_VALUE : Short.MAX_VALUE;
                    long min = to == SqlTypeName.BIGINT ? Long.MIN_VALUE : to == SqlTypeName.INTEGER
                            ? Integer.MIN_VALUE : Short.MIN_VALUE;
                    if (v.compareTo(BigDecimal.valueOf(max)) > 0 || v.compareTo(BigDecimal.valueOf(min)) < 0) {
                        state = SqlException.NUMERIC_OUT_OF_RANGE;
                        message = "value \"" + text + "\" is out of range for type " + name;
                    }
                }
            }
            case DECIMAL -> {
                if (!NUMBER.matcher(text).matches() && !SPECIAL.matcher(text).matches()) {
                    state = SqlException.INVALID_TEXT;
                }
            }
            case DOUBLE, FLOAT, REAL -> {
                if (!NUMBER.matcher(text).matches() && !SPECIAL.matcher(text).matches()) {
                    state = SqlException.INVALID_TEXT;
                } else if (NUMBER.matcher(text).matches()) {
                    double v = Double.parseDouble(text.strip());
                    if (Double.isInfinite(v) || to == SqlTypeName.REAL && Float.isInfinite((float) v)) {
                        state = SqlException.NUMERIC_OUT_OF_RANGE;
                        message = "\"" + text + "\" is out of range for type " + name;
                    }
                }
            }
            case DATE -> {
                try {
                    io.relationshiplayer.sql.calcite.Dates.parse(text); // as the cast reads it (an era, a time)
                } catch (SqlException e) {
                    state = e.sqlState();
                    message = e.getMessage();
                }
            }
            default -> {
            }
        }
        if (state != null) {
            throw new SqlException(state, message != null ? message
                    : "invalid input syntax for type " + name + ": \"" + text + "\"", pos.getLineNum(),
                    pos.getColumnNum(), null);
        }
    }

    /** PostgreSQL's name of a type this class checks; null for the others. */
    static String name(SqlTypeName type) {
        return switch (type) {
            case TINYINT, SMALLINT -> "smallint";
            case INTEGER -> "integer";
            case BIGINT -> "bigint";
            case DECIMAL -> "numeric";
            case DOUBLE, FLOAT -> "double precision";
            case REAL -> "real";
            case DATE -> "date";
            default -> null;
        };
    }

    /**
     * {@code pg_sleep}'s argument, if it is a text literal (cast or not): 22P02 unless it reads as a double precision,
     * as PostgreSQL's {@code pg_sleep('x')}.
     */
    static void checkDouble(SqlNode operand) {
        SqlNode n = operand;
        while (n instanceof SqlCall call && call.getKind() == SqlKind.CAST && call.operandCount() > 0) {
            n = call.operand(0);
        }
        if (n instanceof SqlCharStringLiteral l) {
            check(l.getValueAs(String.class), SqlTypeName.DOUBLE, l.getParserPosition());
        }
    }

    /**
     * The first text literal with the value {@code text} in {@code node} (itself or an operand, at any depth), or null:
     * where the cast the plan made of it came from.
     */
    static SqlNode literal(SqlNode node, String text) {
        if (node instanceof SqlCharStringLiteral l) {
            return text.equals(l.getValueAs(String.class)) ? l : null;
        }
        if (node instanceof SqlCall call) {
            for (SqlNode operand : call.getOperandList()) {
                SqlNode found = operand == null ? null : literal(operand, text);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /** Every cast of a text literal in an expression checked, at the literal's position in {@code source}. */
    private static final class Casts extends RexShuttle {
        private final SqlCall source;

        Casts(SqlCall source) {
            this.source = source;
        }

        @Override
        public RexNode visitCall(RexCall original) {
            RexCall call = (RexCall) super.visitCall(original);
            if (call.getKind() == SqlKind.CAST && call.getOperands().size() == 1
                    && call.getOperands().get(0) instanceof RexLiteral literal && !literal.isNull()
                    && (literal.getTypeName() == SqlTypeName.CHAR || literal.getTypeName() == SqlTypeName.VARCHAR)) {
                String text = literal.getValueAs(String.class);
                SqlNode at = literal(source, text);
                check(text, call.getType().getSqlTypeName(), at != null ? at.getParserPosition() : source.getParserPosition());
            }
            return call;
        }
    }
}
