package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.DateCasts;
import io.relationshiplayer.sql.calcite.Dates;
import io.relationshiplayer.sql.calcite.FloatCasts;
import io.relationshiplayer.sql.calcite.TimeFunctions;
import io.relationshiplayer.sql.calcite.Times;
import io.relationshiplayer.sql.calcite.TimestampFunctions;
import io.relationshiplayer.sql.calcite.Timestamps;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.TimestampString;

/**
 * Constant casts to TIMESTAMP, and of text to DATE and TIME, made as PostgreSQL makes them, as the statement is
 * converted: Calcite folds a cast of a literal there (and its simplifier as the plan is built) with its own reading,
 * which drops the digits the precision does not keep ({@code '12:00:00.123456'} became {@code 12:00:00.123}),
 * truncates to a smaller precision and knows no era. Text is read by {@link Timestamps#parse} or {@link Dates#parse}
 * (22007 or 22008 at the cast's position), a TIMESTAMP literal cast to a smaller precision is rounded. Casts of
 * anything else are {@code TimestampCasts}' and {@code DateCasts}' in the plan.
 */
final class TimestampLiterals implements SqlRexConvertletTable {
    private final SqlRexConvertletTable delegate;

    TimestampLiterals(SqlRexConvertletTable delegate) {
        this.delegate = delegate;
    }

    @Override
    public SqlRexConvertlet get(SqlCall call) {
        SqlRexConvertlet convertlet = delegate.get(call);
        if (convertlet == null) {
            return null;
        }
        return (cx, c) -> {
            RexBuilder rex = cx.getRexBuilder();
            SqlParserPos pos = c.getParserPosition();
            if (c.getKind() == SqlKind.CAST && c.operandCount() == 2 && c.operand(0) instanceof SqlLiteral literal
                    && literal.getTypeName() == SqlTypeName.TIMESTAMP) {
                RelDataType type = cx.getValidator().getValidatedNodeType(c);
                if (type.getSqlTypeName() == SqlTypeName.TIMESTAMP) {
                    long micros = Timestamps.micros(literal.getValueAs(TimestampString.class));
                    return timestamp(rex, type, Timestamps.round(micros, type.getPrecision()));
                }
            }
            if (c.getKind() == SqlKind.CAST && c.operandCount() == 2) {
                NumericCasts.refuseRounding(cx.getValidator(), c);
                RexNode floatText = floatText(cx, c);
                if (floatText != null) {
                    return floatText;
                }
            }
            RexNode converted = convertlet.convertCall(cx, c);
            return converted instanceof RexCall ? converted.accept(new TextCasts(rex, pos)) : converted;
        };
    }

    /**
     * A cast of a DOUBLE or REAL to text as PostgreSQL writes it ({@link FloatCasts}): here, as the statement is
     * converted, where Calcite would fold a constant one as Java writes it ({@code 4.0}); null for any other cast.
     */
    private static RexNode floatText(org.apache.calcite.sql2rel.SqlRexContext cx, SqlCall c) {
        RelDataType type = cx.getValidator().getValidatedNodeTypeIfKnown(c);
        RelDataType from = cx.getValidator().getValidatedNodeTypeIfKnown(c.operand(0));
        if (type == null || from == null) {
            return null; // a cast the validator added (an INSERT's): typed by the conversion, not by the validator
        }
        SqlTypeName f = from.getSqlTypeName();
        if (type.getSqlTypeName() != SqlTypeName.VARCHAR && type.getSqlTypeName() != SqlTypeName.CHAR
                || f != SqlTypeName.DOUBLE && f != SqlTypeName.REAL && f != SqlTypeName.FLOAT
                && f != SqlTypeName.DECIMAL) {
            return null;
        }
        RexNode x = cx.convertExpression(c.operand(0));
        if (x instanceof RexLiteral literal && literal.isNull()) {
            return null;
        }
        return FloatCasts.text(cx.getRexBuilder(), type, x);
    }

    /**
     * {@code micros} as a literal of {@code type}; a year a literal cannot hold (before 1 AD or after 9999) as our
     * TIMESTAMP of its microseconds.
     */
    private static RexNode timestamp(RexBuilder rex, RelDataType type, long micros) {
        int year = Timestamps.fromMicros(micros).getYear();
        if (year < 1 || year > 9999) {
            return TimestampFunctions.of(rex, type, rex.makeBigintLiteral(java.math.BigDecimal.valueOf(micros)));
        }
        RexLiteral literal = rex.makeTimestampLiteral(Timestamps.literal(micros), type.getPrecision());
        return rex.makeCast(type, literal, true, false);
    }

    /**
     * A cast of a TIMESTAMP literal to text as the text literal PostgreSQL writes (Calcite's folding of it, as the plan
     * is built, wrote no fraction), to TIME refused (22008) if it has digits below the millisecond TIME keeps; null
     * for any other call.
     */
    private static RexNode fromTimestampLiteral(RexBuilder rex, SqlParserPos pos, RexCall call) {
        if (call.getKind() != SqlKind.CAST || call.getOperands().size() != 1
                || !(call.getOperands().get(0) instanceof RexLiteral literal) || literal.isNull()
                || literal.getTypeName() != SqlTypeName.TIMESTAMP) {
            return null;
        }
        SqlTypeName to = call.getType().getSqlTypeName();
        long micros = Timestamps.micros(literal.getValueAs(TimestampString.class));
        if (to == SqlTypeName.CHAR || to == SqlTypeName.VARCHAR) {
            return rex.makeCast(call.getType(), rex.makeLiteral(Timestamps.text(micros)), true, false);
        }
        if (to == SqlTypeName.TIME) {
            // its time of day, rounded to the TIME's precision (Calcite's folding dropped the digits below a
            // millisecond)
            long ofDay = Times.round(Math.floorMod(micros, Times.DAY), call.getType().getPrecision());
            return TimeFunctions.of(rex, call.getType(), rex.makeBigintLiteral(java.math.BigDecimal.valueOf(ofDay)));
        }
        return null;
    }

    /**
     * A cast of a text literal to TIME as our TIME of its microseconds ({@link Times#parse}: Calcite's folding dropped
     * the digits below a millisecond), 22007 or 22008 at the cast; null for any other call.
     */
    private static RexNode textToTime(RexBuilder rex, SqlParserPos pos, RexCall call) {
        if (call.getKind() == SqlKind.CAST && call.getOperands().size() == 1
                && call.getOperands().get(0) instanceof RexLiteral literal && !literal.isNull()
                && literal.getTypeName() == SqlTypeName.TIME) {
            // a TIME literal cast to text or to a TIME(p), which Calcite's folding truncated to milliseconds
            long micros = Times.micros(literal.getValueAs(org.apache.calcite.util.TimeString.class));
            SqlTypeName to = call.getType().getSqlTypeName();
            if (to == SqlTypeName.CHAR || to == SqlTypeName.VARCHAR) {
                return rex.makeCast(call.getType(), rex.makeLiteral(Times.text(micros)), true, false);
            }
            if (to == SqlTypeName.TIME) {
                return TimeFunctions.of(rex, call.getType(), rex.makeBigintLiteral(java.math.BigDecimal.valueOf(
                        Times.round(micros, call.getType().getPrecision()))));
            }
            return null;
        }
        if (call.getKind() != SqlKind.CAST || call.getOperands().size() != 1
                || call.getType().getSqlTypeName() != SqlTypeName.TIME
                || !(call.getOperands().get(0) instanceof RexLiteral literal) || literal.isNull()
                || !(literal.getTypeName() == SqlTypeName.CHAR || literal.getTypeName() == SqlTypeName.VARCHAR)) {
            return null;
        }
        long micros;
        try {
            micros = Times.parse(literal.getValueAs(String.class), call.getType().getPrecision());
        } catch (SqlException e) {
            throw new SqlException(e.sqlState(), e.getMessage(), pos.getLineNum(), pos.getColumnNum(), e);
        }
        return TimeFunctions.of(rex, call.getType(), rex.makeBigintLiteral(java.math.BigDecimal.valueOf(micros)));
    }

    /**
     * A cast of a text literal to DATE as the DATE it means, read as PostgreSQL reads a date ({@link Dates#parse}: an
     * era, a time of day; 22007, 22008 or 0A000 at the cast): a DATE literal, or, before 1 AD or after 9999, which a
     * literal cannot hold, our DATE of its days. Null for any other call.
     */
    private static RexNode textToDate(RexBuilder rex, SqlParserPos pos, RexCall call) {
        if (call.getKind() != SqlKind.CAST || call.getOperands().size() != 1
                || call.getType().getSqlTypeName() != SqlTypeName.DATE
                || !(call.getOperands().get(0) instanceof RexLiteral literal) || literal.isNull()
                || !(literal.getTypeName() == SqlTypeName.CHAR || literal.getTypeName() == SqlTypeName.VARCHAR)) {
            return null;
        }
        int days;
        try {
            days = Dates.parse(literal.getValueAs(String.class));
        } catch (SqlException e) {
            throw new SqlException(e.sqlState(), e.getMessage(), pos.getLineNum(), pos.getColumnNum(), e);
        }
        if (Dates.isLiteral(days)) {
            return rex.makeCast(call.getType(), rex.makeDateLiteral(DateString.fromDaysSinceEpoch(days)), true,
                    false);
        }
        return DateCasts.of(rex, call.getType(), rex.makeExactLiteral(java.math.BigDecimal.valueOf(days),
                rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER)));
    }

    /** Every cast of a text literal to TIMESTAMP in an expression, as the TIMESTAMP literal it means. */
    private static final class TextCasts extends RexShuttle {
        private final RexBuilder rex;
        private final SqlParserPos pos;

        TextCasts(RexBuilder rex, SqlParserPos pos) {
            this.rex = rex;
            this.pos = pos;
        }

        @Override
        public RexNode visitCall(RexCall original) {
            RexCall call = (RexCall) super.visitCall(original);
            RexNode fromTimestamp = fromTimestampLiteral(rex, pos, call);
            if (fromTimestamp != null) {
                return fromTimestamp;
            }
            RexNode time = textToTime(rex, pos, call);
            if (time != null) {
                return time;
            }
            RexNode date = textToDate(rex, pos, call);
            if (date != null) {
                return date;
            }
            if (call.getKind() != SqlKind.CAST || call.getOperands().size() != 1
                    || call.getType().getSqlTypeName() != SqlTypeName.TIMESTAMP
                    || !(call.getOperands().get(0) instanceof RexLiteral literal) || literal.isNull()
                    || !(literal.getTypeName() == SqlTypeName.CHAR || literal.getTypeName() == SqlTypeName.VARCHAR)) {
                return call;
            }
            long micros;
            try {
                micros = Timestamps.parse(literal.getValueAs(String.class), call.getType().getPrecision());
            } catch (SqlException e) {
                throw new SqlException(e.sqlState(), e.getMessage(), pos.getLineNum(), pos.getColumnNum(), e);
            }
            return timestamp(rex, call.getType(), micros);
        }
    }
}
