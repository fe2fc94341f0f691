package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The accumulators of PostgreSQL's ordered-set aggregates {@code percentile_cont(f)}, {@code percentile_disc(f)} and
 * {@code mode()} {@code WITHIN GROUP (ORDER BY x [DESC])}, as Calcite's user-defined aggregates: each keeps the
 * group's non-null values (Calcite skips a row whose argument is NULL), sorts them at the end in the order written
 * and picks as PostgreSQL does. A fraction outside 0 to 1 is 22003, as PostgreSQL's.
 */
public final class OrderedSetFunctions {
    private OrderedSetFunctions() {
    }

    /** A group's values, its fraction (the first row's) and its order. */
    public static final class Acc {
        final List<Object> values = new ArrayList<>();
        Double fraction;
        boolean descending;
    }

    private static Acc add(Acc acc, Object x, Double fraction, Boolean descending) {
        acc.values.add(x);
        if (acc.values.size() == 1) {
            acc.fraction = fraction;
            acc.descending = Boolean.TRUE.equals(descending);
        }
        return acc;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compare(Object a, Object b) {
        return ((Comparable) a).compareTo(b);
    }

    private static List<Object> sorted(Acc acc) {
        Comparator<Object> order = OrderedSetFunctions::compare;
        acc.values.sort(acc.descending ? order.reversed() : order);
        return acc.values;
    }

    private static double fraction(Acc acc) {
        double f = acc.fraction;
        if (!(f >= 0 && f <= 1)) {
            throw new SqlException(SqlException.NUMERIC_OUT_OF_RANGE, "percentile value "
                    + FloatCasts.text(f) + " is not between 0 and 1");
        }
        return f;
    }

    /** {@code percentile_cont}: the value at the fraction, interpolated between its two neighbours. */
    public static final class PercentileCont {
        public static Acc init() {
            return new Acc();
        }

        public static Acc add(Acc acc, Object x, Double fraction, Boolean descending) {
            // a number of any type, as PostgreSQL's double precision
            return OrderedSetFunctions.add(acc, ((Number) x).doubleValue(), fraction, descending);
        }

        public static Double result(Acc acc) {
            if (acc.values.isEmpty() || acc.fraction == null) {
                return null;
            }
            double f = fraction(acc);
            List<Object> v = sorted(acc);
            double position = f * (v.size() - 1);
            int lo = (int) Math.floor(position);
            int hi = (int) Math.ceil(position);
            double low = (Double) v.get(lo);
            double high = (Double) v.get(hi);
            return lo == hi ? low : low + (position - lo) * (high - low);
        }
    }

    /** {@code percentile_disc}: the first value whose position reaches the fraction. */
    public static final class PercentileDisc {
        public static Acc init() {
            return new Acc();
        }

        public static Acc add(Acc acc, Object x, Double fraction, Boolean descending) {
            return OrderedSetFunctions.add(acc, x, fraction, descending);
        }

        public static Object result(Acc acc) {
            if (acc.values.isEmpty() || acc.fraction == null) {
                return null;
            }
            double f = fraction(acc);
            List<Object> v = sorted(acc);
            long row = (long) Math.ceil(f * v.size());
            return v.get((int) Math.max(row, 1) - 1);
        }
    }

    /** {@code mode()}: the most frequent value, the first in the order of those as frequent. */
    public static final class Mode {
        public static Acc init() {
            return new Acc();
        }

        public static Acc add(Acc acc, Object x, Boolean descending) {
            return OrderedSetFunctions.add(acc, x, 0.0, descending);
        }

        public static Object result(Acc acc) {
            if (acc.values.isEmpty()) {
                return null;
            }
            List<Object> v = sorted(acc);
            Object best = null;
            int bestCount = 0;
            int i = 0;
            while (i < v.size()) {
                int j = i;
                while (j < v.size() && compare(v.get(i), v.get(j)) == 0) {
                    j++;
                }
                if (j - i > bestCount) {
                    best = v.get(i);
                    bestCount = j - i;
                }
                i = j;
            }
            return best;
        }
    }
}
