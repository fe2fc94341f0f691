package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.calcite.avatica.util.DateTimeUtils;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.linq4j.function.Strict;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlAbstractTimeFunction;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * The functions of a TIMESTAMP of microseconds that replace Calcite's (which read the long as milliseconds), and the
 * rewrite of one call of Calcite's to them ({@link #rewrite}). Calcite's intervals stay milliseconds (a day-time
 * interval) and months (a year-month one): an interval literal with digits below a millisecond is refused before.
 */
public final class TimestampFunctions {
    /**
     * A TIMESTAMP of a BIGINT of microseconds: the long as it is. Dynamic, so that constant folding never evaluates it
     * (it would make a TIMESTAMP literal of the long read as milliseconds); the access paths read its literal.
     */
    public static final SqlUserDefinedFunction OF = reinterpreting("rl_timestamp", SqlTypeName.TIMESTAMP,
            Functions.class);

    /**
     * A function {@code name} of a BIGINT that is a {@code type} of the same long ({@code functions}' static
     * {@code of}): dynamic, so constant folding never evaluates it, and ordered as its operand (a sort on it is a sort
     * on its operand).
     */
    static SqlUserDefinedFunction reinterpreting(String name, SqlTypeName type, Class<?> functions) {
        return new SqlUserDefinedFunction(new SqlIdentifier(name, SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION,
                ReturnTypes.explicit(type).andThen(SqlTypeTransforms.TO_NULLABLE), null, null,
                ScalarFunctionImpl.create(functions, "of")) {
            @Override
            public boolean isDynamicFunction() {
                return true;
            }

            @Override
            public org.apache.calcite.sql.validate.SqlMonotonicity getMonotonicity(
                    org.apache.calcite.sql.SqlOperatorBinding call) {
                return call.getOperandMonotonicity(0);
            }
        };
    }
    private static final SqlUserDefinedFunction EXTRACT = function("extract");
    private static final SqlUserDefinedFunction FLOOR = function("floor");
    private static final SqlUserDefinedFunction CEIL = function("ceil");
    private static final SqlUserDefinedFunction PLUS_MILLIS = function("plusMillis");
    private static final SqlUserDefinedFunction PLUS_MONTHS = function("plusMonths");
    private static final SqlUserDefinedFunction MINUS = function("minus");
    private static final SqlUserDefinedFunction TO_DATE = function("toDate");
    private static final SqlUserDefinedFunction FROM_DATE = function("fromDate");
    private static final SqlUserDefinedFunction FROM_MILLIS = function("fromMillis");
    private static final SqlUserDefinedFunction TO_MILLIS = function("toMillis");
    private static final SqlUserDefinedFunction TRUNC = function("trunc");

    private TimestampFunctions() {
    }

    private static SqlUserDefinedFunction function(String method) {
        SqlReturnTypeInference type = ReturnTypes.BIGINT.andThen(SqlTypeTransforms.TO_NULLABLE);
        return CallRewrites.function(Functions.class, "rl_timestamp_" + method, method, type);
    }

    /** The TIMESTAMP {@code type} of {@code micros}, a BIGINT. */
    public static RexNode of(RexBuilder rex, RelDataType type, RexNode micros) {
        RelDataTypeFactory types = rex.getTypeFactory();
        return rex.makeCall(types.createTypeWithNullability(type, micros.getType().isNullable()), OF,
                List.of(micros));
    }

    /** {@code call} (of a TIMESTAMP) as our functions make it, or null if none does. */
    static RexNode rewrite(RexBuilder rex, RexCall call) {
        RexNode age = Age.rewrite(rex, call);
        if (age != null) {
            return age;
        }
        List<RexNode> operands = call.getOperands();
        RelDataType type = call.getType();
        SqlTypeName to = type.getSqlTypeName();
        if (call.getKind() == SqlKind.REINTERPRET && to == SqlTypeName.TIMESTAMP
                && operands.get(0).getType().getSqlTypeName() == SqlTypeName.BIGINT) {
            return of(rex, type, operands.get(0));
        }
        if (call.getKind() == SqlKind.CAST && operands.size() == 1) {
            return cast(rex, call, operands.get(0));
        }
        if (call.getOperator() instanceof SqlAbstractTimeFunction && operands.size() <= 1
                && to == SqlTypeName.TIMESTAMP) {
            // CURRENT_TIMESTAMP, LOCALTIMESTAMP (and now()): the transaction's start, in microseconds (Calcite types
            // them TIMESTAMP(0)); given a precision p below six (CURRENT_TIMESTAMP(0)), rounded to it as PostgreSQL's
            RexNode now = rex.makeCall(bigint(rex, call), TransactionClock.NOW, List.of());
            if (operands.isEmpty() || type.getPrecision() >= Timestamps.PRECISION) {
                return of(rex, type, now);
            }
            RexNode digits = rex.makeExactLiteral(java.math.BigDecimal.valueOf(type.getPrecision()),
                    rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER));
            return of(rex, type, rex.makeCall(bigint(rex, call), TimestampCasts.ROUND, List.of(now, digits)));
        }
        if (call.getKind() == SqlKind.EXTRACT && operands.get(0) instanceof RexLiteral unit
                && TimestampMicros.isTimestamp(operands.get(1)) && SqlTypeUtil.isIntType(type)) {
            RexNode x = operands.get(1);
            RexNode value = rex.makeCall(bigint(rex, x), EXTRACT, List.of(unitName(rex, unit), asBigint(rex, x)));
            return rex.makeCast(type, value, true, false);
        }
        if ((call.getKind() == SqlKind.FLOOR || call.getKind() == SqlKind.CEIL) && operands.size() == 2
                && operands.get(1) instanceof RexLiteral unit && TimestampMicros.isTimestamp(operands.get(0))
                && to == SqlTypeName.TIMESTAMP) {
            RexNode x = operands.get(0);
            return of(rex, type, rex.makeCall(bigint(rex, x), call.getKind() == SqlKind.FLOOR ? FLOOR : CEIL,
                    List.of(unitName(rex, unit), asBigint(rex, x))));
        }
        if (operands.size() == 2 && TimestampMicros.isTimestamp(operands.get(0))) {
            boolean plus = call.getOperator() == SqlStdOperatorTable.DATETIME_PLUS;
            boolean minus = call.getOperator() == SqlStdOperatorTable.MINUS_DATE;
            RelDataType second = operands.get(1).getType();
            if ((plus || minus) && to == SqlTypeName.TIMESTAMP && SqlTypeUtil.isInterval(second)) {
                return plusInterval(rex, call, operands.get(0), operands.get(1), minus);
            }
            if (minus && TimestampMicros.isTimestamp(operands.get(1)) && SqlTypeUtil.isInterval(type)
                    && !SqlTypeName.YEAR_INTERVAL_TYPES.contains(type.getSqlTypeName()) && !isBelowMillisecond(type)) {
                RexNode micros = rex.makeCall(bigint(rex, call), MINUS,
                        List.of(asBigint(rex, operands.get(0)), asBigint(rex, operands.get(1))));
                return rex.makeReinterpretCast(type, micros, rex.makeLiteral(false));
            }
        }
        return null;
    }

    private static RexNode plusInterval(RexBuilder rex, RexCall call, RexNode x, RexNode interval, boolean minus) {
        RelDataType type = interval.getType();
        if (isBelowMillisecond(type)) {
            return null;
        }
        boolean months = SqlTypeName.YEAR_INTERVAL_TYPES.contains(type.getSqlTypeName());
        RelDataTypeFactory types = rex.getTypeFactory();
        RelDataType count = types.createTypeWithNullability(types.createSqlType(months ? SqlTypeName.INTEGER
                : SqlTypeName.BIGINT), type.isNullable());
        RexNode amount = rex.makeReinterpretCast(count, interval, rex.makeLiteral(false));
        if (minus) {
            amount = rex.makeCall(SqlStdOperatorTable.UNARY_MINUS, amount);
        }
        RexNode micros = rex.makeCall(bigint(rex, call), months ? PLUS_MONTHS : PLUS_MILLIS,
                List.of(asBigint(rex, x), amount));
        return of(rex, call.getType(), micros);
    }

    /** PostgreSQL's {@code date_trunc(unit, x)}, of the TIMESTAMP {@code type}. */
    public static RexNode trunc(RexBuilder rex, RelDataType type, RexNode unit, RexNode x) {
        RelDataTypeFactory types = rex.getTypeFactory();
        RelDataType bigint = types.createTypeWithNullability(types.createSqlType(SqlTypeName.BIGINT),
                type.isNullable());
        return of(rex, type, rex.makeCall(bigint, TRUNC, List.of(unit, asBigint(rex, x))));
    }

    /** Whether {@code call} has or makes an interval of microseconds or nanoseconds (TIMESTAMPADD's). */
    static boolean isBelowMillisecond(RexCall call) {
        if (isBelowMillisecond(call.getType())) {
            return true;
        }
        for (RexNode operand : call.getOperands()) {
            if (isBelowMillisecond(operand.getType())) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code call}, a function of Calcite's that reads its TIMESTAMP operands as milliseconds (and makes a TIMESTAMP of
     * milliseconds): given their milliseconds, exactly (22008 for a value with digits below one), its TIMESTAMP result
     * made microseconds.
     */
    static RexNode inMilliseconds(RexBuilder rex, RexCall call) {
        List<RexNode> operands = new java.util.ArrayList<>();
        for (RexNode operand : call.getOperands()) {
            if (operand.getType().getSqlTypeName() == SqlTypeName.TIMESTAMP) {
                RexNode millis = rex.makeCall(bigint(rex, operand), TO_MILLIS, List.of(asBigint(rex, operand),
                        rex.makeLiteral(call.getOperator().getName())));
                operand = rex.makeReinterpretCast(operand.getType(), millis, rex.makeLiteral(false));
            }
            operands.add(operand);
        }
        RexNode made = call.clone(call.getType(), operands);
        if (call.getType().getSqlTypeName() != SqlTypeName.TIMESTAMP) {
            return made;
        }
        return of(rex, call.getType(), rex.makeCall(bigint(rex, call), FROM_MILLIS, List.of(asBigint(rex, made))));
    }

    /** Whether an interval type counts microseconds or nanoseconds (TIMESTAMPADD's), which are no milliseconds. */
    static boolean isBelowMillisecond(RelDataType interval) {
        var qualifier = interval.getIntervalQualifier();
        return qualifier != null && (qualifier.getStartUnit() == TimeUnit.MICROSECOND
                || qualifier.getStartUnit() == TimeUnit.NANOSECOND);
    }

    private static RexNode cast(RexBuilder rex, RexCall call, RexNode x) {
        SqlTypeName from = x.getType().getSqlTypeName();
        SqlTypeName to = call.getType().getSqlTypeName();
        if (x instanceof RexLiteral literal && literal.isNull() || from == SqlTypeName.NULL) {
            return call;
        }
        if (from == SqlTypeName.TIMESTAMP && to == SqlTypeName.TIMESTAMP) {
            // to the same or a larger precision (a smaller one is TimestampCasts' rounding): the value as it is
            return of(rex, call.getType(), asBigint(rex, x));
        }
        RelDataTypeFactory types = rex.getTypeFactory();
        boolean nullable = call.getType().isNullable();
        RelDataType integer = types.createTypeWithNullability(types.createSqlType(SqlTypeName.INTEGER), nullable);
        if (from == SqlTypeName.TIMESTAMP && to == SqlTypeName.DATE) {
            return rex.makeReinterpretCast(call.getType(), rex.makeCall(integer, TO_DATE, List.of(asBigint(rex, x))),
                    rex.makeLiteral(false));
        }
        if (from == SqlTypeName.DATE && to == SqlTypeName.TIMESTAMP) {
            RexNode days = rex.makeReinterpretCast(types.createTypeWithNullability(types.createSqlType(
                    SqlTypeName.INTEGER), x.getType().isNullable()), x, rex.makeLiteral(false));
            return of(rex, call.getType(), rex.makeCall(bigint(rex, x), FROM_DATE, List.of(days)));
        }
        return null;
    }

    private static RexNode unitName(RexBuilder rex, RexLiteral unit) {
        return rex.makeLiteral(unit.getValueAs(TimeUnitRange.class).name());
    }

    /** BIGINT, nullable as {@code like} is. */
    static RelDataType bigint(RexBuilder rex, RexNode like) {
        RelDataTypeFactory types = rex.getTypeFactory();
        return types.createTypeWithNullability(types.createSqlType(SqlTypeName.BIGINT), like.getType().isNullable());
    }

    /** A TIMESTAMP's microseconds (or a CURRENT_TIMESTAMP's milliseconds), the long it is, as a BIGINT. */
    static RexNode asBigint(RexBuilder rex, RexNode timestamp) {
        return rex.makeReinterpretCast(bigint(rex, timestamp), timestamp, rex.makeLiteral(false));
    }

    /** The functions themselves, called from generated code (never with NULL: they are strict). */
    @Strict
    public static final class Functions {
        private Functions() {
        }

        /** {@link #OF}: the microseconds as they are. */
        public static long of(long micros) {
            return micros;
        }

        /** EXTRACT of {@code unit} as Calcite answers it of milliseconds, here of microseconds. */
        public static long extract(String unit, long micros) {
            TimeUnitRange range = TimeUnitRange.valueOf(unit);
            switch (range) {
                case HOUR:
                    return Math.floorMod(micros, Timestamps.DAY) / 3_600_000_000L;
                case MINUTE:
                    return Math.floorMod(micros, 3_600_000_000L) / 60_000_000L;
                case SECOND:
                    return Math.floorMod(micros, 60_000_000L) / Timestamps.SECOND;
                case MILLISECOND:
                    return Math.floorMod(micros, 60_000_000L) / 1000;
                case MICROSECOND:
                    return Math.floorMod(micros, 60_000_000L);
                case NANOSECOND:
                    return Math.floorMod(micros, 60_000_000L) * 1000;
                case EPOCH:
                    return micros / Timestamps.SECOND;
                case YEAR:
                case DECADE:
                case CENTURY:
                case MILLENNIUM:
                    return years(range, Timestamps.fromMicros(micros).getYear());
                case ISOYEAR:
                    // the ISO year, counted as PostgreSQL counts years (no year 0)
                    return years(TimeUnitRange.YEAR, (int) DateTimeUtils.unixDateExtract(range,
                            Math.floorDiv(micros, Timestamps.DAY)));
                case DOW:
                    // PostgreSQL's: Sunday is 0 (Calcite's is 1); 1970-01-01 was a Thursday
                    return Math.floorMod(Math.floorDiv(micros, Timestamps.DAY) + 4, 7);
                default:
                    return DateTimeUtils.unixDateExtract(range, Math.floorDiv(micros, Timestamps.DAY));
            }
        }

        /**
         * PostgreSQL's YEAR, DECADE, CENTURY and MILLENNIUM of the (ISO) {@code year}: it has no year 0, so 1 BC, the
         * ISO year 0, is -1.
         */
        private static long years(TimeUnitRange range, int year) {
            switch (range) {
                case YEAR:
                    return year > 0 ? year : year - 1;
                case DECADE:
                    return year >= 0 ? year / 10 : -((8 - (year - 1)) / 10);
                case CENTURY:
                    return year > 0 ? (year + 99) / 100 : -((99 - (year - 1)) / 100);
                default:
                    return year > 0 ? (year + 999) / 1000 : -((999 - (year - 1)) / 1000);
            }
        }

        /** FLOOR(x TO unit). */
        public static long floor(String unit, long micros) {
            TimeUnitRange range = TimeUnitRange.valueOf(unit);
            long fixed = fixed(range);
            if (fixed > 0) {
                return Math.floorDiv(micros, fixed) * fixed;
            }
            // a unit of days or more: its boundaries are whole days, the floor of the day's
            return checked(Math.multiplyExact(DateTimeUtils.unixTimestampFloor(range,
                    Math.floorDiv(micros, Timestamps.DAY) * 86_400_000L), 1000L));
        }

        /** CEIL(x TO unit): the least boundary at or after the value. */
        public static long ceil(String unit, long micros) {
            TimeUnitRange range = TimeUnitRange.valueOf(unit);
            long fixed = fixed(range);
            if (fixed > 0) {
                return checked(-Math.floorDiv(-micros, fixed) * fixed);
            }
            long floor = floor(unit, micros);
            if (floor == micros) {
                return micros;
            }
            // the floor's next boundary: the ceiling of its day's end (boundaries are whole days)
            return checked(Math.multiplyExact(DateTimeUtils.unixTimestampCeil(range,
                    (Math.floorDiv(micros, Timestamps.DAY) + 1) * 86_400_000L - 1), 1000L));
        }

        /** The microseconds of a unit of fixed length (DAY or less), or 0 for longer units. */
        private static long fixed(TimeUnitRange range) {
            switch (range) {
                case MICROSECOND:
                    return 1;
                case MILLISECOND:
                    return 1000;
                case SECOND:
                    return Timestamps.SECOND;
                case MINUTE:
                    return 60 * Timestamps.SECOND;
                case HOUR:
                    return 3600 * Timestamps.SECOND;
                case DAY:
                    return Timestamps.DAY;
                default:
                    return 0;
            }
        }

        /** PostgreSQL's {@code date_trunc}: the start of {@code unit} that holds the timestamp. */
        public static long trunc(String unit, long micros) {
            String u = unit.strip().toLowerCase(java.util.Locale.ROOT);
            u = u.endsWith("s") && !u.equals("microseconds") && !u.equals("milliseconds") ? u.substring(0,
                    u.length() - 1) : u;
            LocalDateTime t = Timestamps.fromMicros(micros);
            int year = t.getYear();
            switch (u) {
                case "microseconds", "microsecond":
                    return micros;
                case "milliseconds", "millisecond":
                    return floor("MILLISECOND", micros);
                case "second", "minute", "hour", "day":
                    return floor(u.toUpperCase(java.util.Locale.ROOT), micros);
                case "week":
                    return day(t.toLocalDate().with(java.time.temporal.TemporalAdjusters.previousOrSame(
                            java.time.DayOfWeek.MONDAY)));
                case "month":
                    return day(t.toLocalDate().withDayOfMonth(1));
                case "quarter":
                    return day(java.time.LocalDate.of(year, (t.getMonthValue() - 1) / 3 * 3 + 1, 1));
                case "year":
                    return day(java.time.LocalDate.of(year, 1, 1));
                case "decade":
                    return day(java.time.LocalDate.of(year > 0 ? year / 10 * 10 : -((8 - (year - 1)) / 10) * 10,
                            1, 1));
                case "century":
                    return day(java.time.LocalDate.of(year > 0 ? (year + 99) / 100 * 100 - 99
                            : -((99 - (year - 1)) / 100) * 100 + 1, 1, 1));
                case "millennium":
                    return day(java.time.LocalDate.of(year > 0 ? (year + 999) / 1000 * 1000 - 999
                            : -((999 - (year - 1)) / 1000) * 1000 + 1, 1, 1));
                default:
                    throw new SqlException("22023", "unit \"" + unit + "\" not recognized for type timestamp "
                            + "without time zone");
            }
        }

        private static long day(java.time.LocalDate d) {
            return checked(Math.multiplyExact(d.toEpochDay(), Timestamps.DAY));
        }

        /** A timestamp plus a day-time interval (milliseconds). */
        public static long plusMillis(long micros, long millis) {
            try {
                return checked(Math.addExact(micros, Math.multiplyExact(millis, 1000L)));
            } catch (ArithmeticException e) {
                throw outOfRange();
            }
        }

        /** A timestamp plus months, the day kept or the month's last, as PostgreSQL adds them. */
        public static long plusMonths(long micros, int months) {
            LocalDateTime t = Timestamps.fromMicros(micros);
            try {
                return checked(Timestamps.micros(t.plusMonths(months), "timestamp"));
            } catch (java.time.DateTimeException | ArithmeticException e) {
                throw outOfRange();
            }
        }

        /** A timestamp less another, in milliseconds (Calcite's day-time interval); 22008 if that is not exact. */
        public static long minus(long a, long b) {
            long micros;
            try {
                micros = Math.subtractExact(a, b);
            } catch (ArithmeticException e) {
                throw new SqlException(SqlException.NUMERIC_OUT_OF_RANGE, "interval out of range");
            }
            if (micros % 1000 != 0) {
                throw new SqlException(Timestamps.FIELD_OVERFLOW, "the difference of " + Timestamps.text(a) + " and "
                        + Timestamps.text(b) + " has digits below a millisecond, which an interval does not keep "
                        + "(it keeps milliseconds, not PostgreSQL's microseconds)");
            }
            return micros / 1000;
        }

        /** CAST(timestamp AS DATE): its day. */
        public static int toDate(long micros) {
            return Math.toIntExact(Math.floorDiv(micros, Timestamps.DAY));
        }

        /** CAST(date AS TIMESTAMP): its midnight. */
        public static long fromDate(int days) {
            return days * Timestamps.DAY;
        }

        /** A timestamp's milliseconds for a function of Calcite's, exactly: 22008 if it has digits below one. */
        public static long toMillis(long micros, String function) {
            if (micros % 1000 != 0) {
                throw new SqlException(Timestamps.FIELD_OVERFLOW, Timestamps.text(micros) + " has digits below a "
                        + "millisecond, which " + function + " does not keep (it reads milliseconds): round it to "
                        + "milliseconds");
            }
            if (micros < FIRST_AD && function.toUpperCase(java.util.Locale.ROOT).startsWith("TO_CHAR")) {
                // Calcite's formatter reads the value through java.sql.Timestamp, which loses the era
                throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, function + " of a date or timestamp "
                        + "before 1 AD is not supported (it would write the year as AD)");
            }
            return micros / 1000;
        }

        /** 0001-01-01 00:00:00, in microseconds. */
        private static final long FIRST_AD = LocalDateTime.of(1, 1, 1, 0, 0).toEpochSecond(
                java.time.ZoneOffset.UTC) * Timestamps.SECOND;

        /** The current time, or a function's TIMESTAMP, in milliseconds, as microseconds. */
        public static long fromMillis(long millis) {
            return checked(Math.multiplyExact(millis, 1000L));
        }

        private static long checked(long micros) {
            if (micros < Timestamps.MIN || micros > Timestamps.MAX) {
                throw outOfRange();
            }
            return micros;
        }

        private static SqlException outOfRange() {
            return new SqlException(Timestamps.FIELD_OVERFLOW, "timestamp out of range");
        }
    }
}
