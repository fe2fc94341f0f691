package io.relationshiplayer.sql.calcite;

import java.time.LocalDateTime;
import java.time.Year;
import java.util.List;
import org.apache.calcite.linq4j.function.Strict;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * PostgreSQL's {@code age(a, b)} and {@code age(b)} (from midnight of the transaction's day): the difference of the
 * two timestamps' fields, a negative field borrowed from the next larger one and the days of a borrowed month those of
 * the earlier timestamp's month, as PostgreSQL's {@code timestamp_age}; its text is PostgreSQL's interval's ({@code 1
 * mon 17 days}, {@code 30 days 12:00:00}: intervals are text here, {@link IntervalText}). Calcite's counted with
 * Java's Period ({@code age('2024-03-01', '2024-01-15')} was {@code 1 mon 15 days}, {@code age('2024-01-31',
 * '2023-12-31 12:00')} {@code 1 mon -1 day 12:00:00}) and in milliseconds.
 */
final class Age {
    private static final SqlUserDefinedFunction AGE = CallRewrites.function(Functions.class, "rl_age", "age",
            ReturnTypes.explicit(SqlTypeName.VARCHAR).andThen(SqlTypeTransforms.TO_NULLABLE));
    private static final SqlUserDefinedFunction AGE_OF_TODAY = CallRewrites.function(Functions.class,
            "rl_age_of_today", "ageOfToday",
            ReturnTypes.explicit(SqlTypeName.VARCHAR).andThen(SqlTypeTransforms.TO_NULLABLE));
    private static final SqlUserDefinedFunction AGE_KEY = CallRewrites.function(Functions.class, "rl_age_key",
            "ageKey", ReturnTypes.BIGINT.andThen(SqlTypeTransforms.TO_NULLABLE));
    private static final SqlUserDefinedFunction AGE_OF_TODAY_KEY = CallRewrites.function(Functions.class,
            "rl_age_of_today_key", "ageOfTodayKey", ReturnTypes.BIGINT.andThen(SqlTypeTransforms.TO_NULLABLE));
    private static final long MICROS_PER_DAY = 86_400_000_000L;

    private Age() {
    }

    /** {@code call} as our age if it is Calcite's, or null. */
    static RexNode rewrite(RexBuilder rex, RexCall call) {
        if (call.getOperator() != SqlLibraryOperators.AGE || call.getOperands().isEmpty()
                || !call.getOperands().stream().allMatch(TimestampMicros::isTimestamp)) {
            return null;
        }
        List<RexNode> operands = call.getOperands();
        RexNode from = TimestampFunctions.asBigint(rex, operands.get(0));
        RexNode to;
        SqlUserDefinedFunction f = AGE;
        if (operands.size() == 2) {
            to = TimestampFunctions.asBigint(rex, operands.get(1));
        } else {
            to = from;
            from = rex.makeCall(TimestampFunctions.bigint(rex, call), TransactionClock.NOW, List.of());
            f = AGE_OF_TODAY;
        }
        return rex.makeCall(rex.getTypeFactory().createTypeWithNullability(call.getType(),
                from.getType().isNullable() || to.getType().isNullable()), f, List.of(from, to));
    }

    /**
     * The key that orders {@code x} as PostgreSQL orders its interval ({@link Functions#ageKey}), if {@code x} is
     * our age (or our age cast to an interval or to text of any length), or null.
     */
    static RexNode key(RexBuilder rex, RexNode x) {
        x = AgeFields.strip(x);
        if (!(x instanceof RexCall c) || !isAge(c)) {
            return null;
        }
        return rex.makeCall(rex.getTypeFactory().createTypeWithNullability(rex.getTypeFactory().createSqlType(
                SqlTypeName.BIGINT), x.getType().isNullable()), c.getOperator() == AGE ? AGE_KEY : AGE_OF_TODAY_KEY,
                c.getOperands());
    }

    /** Whether {@code call} is our age. */
    static boolean isAge(RexCall call) {
        return call.getOperator() == AGE || call.getOperator() == AGE_OF_TODAY;
    }

    /** The function itself, called from generated code (never with NULL: it is strict). */
    @Strict
    public static final class Functions {
        private Functions() {
        }

        /** {@code age(b)}: from midnight of {@code now}'s day, as PostgreSQL's (its current_date). */
        public static String ageOfToday(long now, long b) {
            return age(midnight(now), b);
        }

        /** {@code age(a, b)} of two timestamps in microseconds, as PostgreSQL's interval text. */
        public static String age(long a, long b) {
            long[] f = fields(a, b);
            return IntervalText.text(f[0], f[1], f[2]);
        }

        /** {@link #ageOfToday}'s interval as {@link AgeOrder}'s key. */
        public static long ageOfTodayKey(long now, long b) {
            return ageKey(midnight(now), b);
        }

        /**
         * {@link #age}'s interval as the number PostgreSQL compares and orders intervals by ({@code interval_cmp}):
         * its microseconds, a month counted as 30 days and a day as 24 hours ({@code 1 mon} and {@code 30 days}
         * equal). Past a long (ages of some 296,000 years) 22008, never a wrong order.
         */
        public static long ageKey(long a, long b) {
            long[] f = fields(a, b);
            try {
                return Math.addExact(Math.multiplyExact(Math.addExact(Math.multiplyExact(f[0], 30L), f[1]),
                        MICROS_PER_DAY), f[2]);
            } catch (ArithmeticException e) {
                throw new io.relationshiplayer.sql.SqlException(Timestamps.FIELD_OVERFLOW, "interval out of range");
            }
        }

        private static long midnight(long now) {
            return now - Math.floorMod(now, MICROS_PER_DAY);
        }

        /** PostgreSQL's timestamp_age of two timestamps in microseconds: its months, days and microseconds. */
        private static long[] fields(long a, long b) {
            LocalDateTime t1 = Timestamps.fromMicros(a);
            LocalDateTime t2 = Timestamps.fromMicros(b);
            long micros = Math.floorMod(a, 1_000_000L) - Math.floorMod(b, 1_000_000L);
            long sec = t1.getSecond() - t2.getSecond();
            long min = t1.getMinute() - t2.getMinute();
            long hour = t1.getHour() - t2.getHour();
            long day = t1.getDayOfMonth() - t2.getDayOfMonth();
            long mon = t1.getMonthValue() - t2.getMonthValue();
            long year = (long) t1.getYear() - t2.getYear();
            int sign = a < b ? -1 : 1;
            micros *= sign;
            sec *= sign;
            min *= sign;
            hour *= sign;
            day *= sign;
            mon *= sign;
            year *= sign;
            while (micros < 0) {
                micros += 1_000_000L;
                sec--;
            }
            while (sec < 0) {
                sec += 60;
                min--;
            }
            while (min < 0) {
                min += 60;
                hour--;
            }
            while (hour < 0) {
                hour += 24;
                day--;
            }
            LocalDateTime earlier = a < b ? t1 : t2;
            while (day < 0) {
                day += earlier.getMonth().length(Year.isLeap(earlier.getYear()));
                mon--;
            }
            while (mon < 0) {
                mon += 12;
                year--;
            }
            long time = ((hour * 60 + min) * 60 + sec) * 1_000_000L + micros;
            return new long[] {sign * (year * 12 + mon), sign * day, sign * time};
        }
    }
}
