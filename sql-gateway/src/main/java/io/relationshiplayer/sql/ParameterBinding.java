package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.Timestamps;
import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;

/** A statement's parameters bound to Calcite's prepared statement: counted, range-checked, as JDBC values. */
final class ParameterBinding {
    private ParameterBinding() {
    }

    /** Whether {@code sql}'s parameters are values it writes (an INSERT's), not operands it compares. */
    static boolean assigns(String sql) {
        return StatementKind.of(sql) == StatementKind.INSERT;
    }

    /**
     * Binds {@code params} of the statement {@code sql}: their count must be the statement's; a value must fit its
     * parameter's type ({@link ParameterNumbers#read}: an INSERT's are assigned).
     */
    static void bind(PreparedStatement ps, List<Object> params, String sql) throws SQLException {
        boolean assigned = assigns(sql);
        int expected = ps.getParameterMetaData().getParameterCount();
        if (params.size() != expected) {
            throw new SqlException(SqlException.INVALID_PARAMETER, "the statement has " + expected
                    + " parameter(s) but " + params.size() + " value(s) were given");
        }
        java.sql.ParameterMetaData types = ps.getParameterMetaData();
        for (int i = 0; i < params.size(); i++) {
            Object v = io.relationshiplayer.sql.calcite.Times.parameter(types.getParameterType(i + 1),
                    Timestamps.parameter(types.getParameterType(i + 1), ParameterNumbers.read(
                    types.getParameterType(i + 1), ParameterText.read(types.getParameterType(i + 1), params.get(i),
                    i + 1), assigned), i + 1), i + 1);
            checkRange(types.getParameterType(i + 1), v, i + 1);
            if (types.getParameterType(i + 1) == java.sql.Types.TIME && v != null) {
                // microseconds of the day (Times), which Avatica would make a java.sql.Time of milliseconds
                ps.setObject(i + 1, v, java.sql.Types.BIGINT);
                continue;
            }
            if (v instanceof java.time.LocalDate d && types.getParameterType(i + 1) == java.sql.Types.DATE) {
                // the plan's int of days: JDBC's Date has no era and no 1582-10-05 to 14 (a Julian calendar's fields)
                ps.setObject(i + 1, (int) d.toEpochDay(), java.sql.Types.INTEGER);
                continue;
            }
            ps.setObject(i + 1, jdbcValue(v));
        }
    }

    /**
     * {@code params} in the internal form a plan's data context gives them, bound and checked as {@link #bind} does for
     * a statement of parameters of {@code types} (JDBC types): converted as Avatica's {@code setObject} does, in the
     * connection's time zone (UTC), then as the connection passes them to a plan ({@code TypedValue.toLocal()}).
     */
    static Object[] internal(int[] types, List<Object> params, String sql) {
        boolean assigned = assigns(sql);
        if (params.size() != types.length) {
            throw new SqlException(SqlException.INVALID_PARAMETER, "the statement has " + types.length
                    + " parameter(s) but " + params.size() + " value(s) were given");
        }
        Object[] out = new Object[types.length];
        java.util.Calendar utc = null;
        for (int i = 0; i < out.length; i++) {
            Object v = io.relationshiplayer.sql.calcite.Times.parameter(types[i], Timestamps.parameter(types[i],
                    ParameterNumbers.read(types[i], ParameterText.read(types[i], params.get(i), i + 1), assigned), i + 1),
                    i + 1);
            checkRange(types[i], v, i + 1);
            if (v instanceof java.time.LocalDate d && types[i] == java.sql.Types.DATE) {
                out[i] = (int) d.toEpochDay(); // a plan's DATE, as bind's
                continue;
            }
            Object jdbc = jdbcValue(v);
            if (jdbc == null) {
                continue;
            }
            if (utc == null && jdbc instanceof java.util.Date) {
                utc = java.util.Calendar.getInstance(java.util.TimeZone.getTimeZone("UTC"), java.util.Locale.ROOT);
            }
            out[i] = org.apache.calcite.avatica.remote.TypedValue.ofJdbc(jdbc, utc).toLocal();
        }
        return out;
    }

    /**
     * Calcite casts a parameter to its inferred type by narrowing: an integer that does not fit would wrap around, and a
     * floating-point or decimal value would saturate or wrap. A value that does not fit is 22003, as in PostgreSQL.
     */
    private static void checkRange(int sqlType, Object v, int position) {
        if (!(v instanceof Number)) {
            return;
        }
        long min;
        long max;
        String name;
        switch (sqlType) {
            case Types.BIGINT:
                min = Long.MIN_VALUE;
                max = Long.MAX_VALUE;
                name = "bigint";
                break;
            case Types.INTEGER:
                min = Integer.MIN_VALUE;
                max = Integer.MAX_VALUE;
                name = "integer";
                break;
            case Types.SMALLINT:
                min = Short.MIN_VALUE;
                max = Short.MAX_VALUE;
                name = "smallint";
                break;
            case Types.TINYINT:
                min = Byte.MIN_VALUE;
                max = Byte.MAX_VALUE;
                name = "tinyint";
                break;
            default:
                return;
        }
        boolean fits;
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            fits = Double.isFinite(d) && d > (double) min - 1.0 | d == (double) min && d < (double) max + 1.0;
        } else if (v instanceof BigDecimal) {
            BigDecimal d = (BigDecimal) v;
            fits = d.compareTo(BigDecimal.valueOf(min).subtract(BigDecimal.ONE)) > 0
                    && d.compareTo(BigDecimal.valueOf(max).add(BigDecimal.ONE)) < 0;
        } else if (v instanceof java.math.BigInteger) {
            fits = ((java.math.BigInteger) v).bitLength() < 64 && ((Number) v).longValue() >= min
                    && ((Number) v).longValue() <= max;
        } else {
            long n = ((Number) v).longValue();
            fits = n >= min && n <= max;
        }
        if (!fits) {
            throw new SqlException(SqlException.NUMERIC_OUT_OF_RANGE, "parameter $" + position + " = " + v
                    + " is out of range for type " + name);
        }
    }

    private static Object jdbcValue(Object v) {
        if (v instanceof java.time.LocalDate) {
            return java.sql.Date.valueOf((java.time.LocalDate) v);
        }
        if (v instanceof java.time.LocalDateTime) {
            return java.sql.Timestamp.valueOf((java.time.LocalDateTime) v);
        }
        if (v instanceof java.time.LocalTime t) {
            // a time (the wire's time_value) where no TIME is expected: its text, as PostgreSQL writes it
            return io.relationshiplayer.proto.values.TimeOfDay.of(t).toString();
        }
        if (v instanceof io.relationshiplayer.proto.values.TimeOfDay t) {
            return t.toString();
        }
        return v;
    }

}
