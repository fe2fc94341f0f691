package io.relationshiplayer.cli.dump;

import io.relationshiplayer.cli.sql.Values;
import io.relationshiplayer.sql.SqlIdentifiers;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.HexFormat;

/**
 * Values as SQL literals that the engine reads back as the same value: integers and decimals as written (a decimal
 * with its scale), a DOUBLE always in E notation (the shortest digits that give the same double, read as a DOUBLE
 * literal, never as a DECIMAL whose precision a VALUES list would have to widen), NaN and the infinities as casts,
 * strings quoted, bytes as {@code X'hex'}, dates, times and timestamps as typed literals, NULL.
 */
public final class SqlLiterals {
    private SqlLiterals() {
    }

    public static String of(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Double || v instanceof Float) {
            return doubleLiteral(((Number) v).doubleValue());
        }
        if (v instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (v instanceof Number || v instanceof Boolean) {
            return v.toString().toUpperCase(java.util.Locale.ROOT);
        }
        if (v instanceof byte[] b) {
            return "X'" + HexFormat.of().formatHex(b) + "'";
        }
        if (v instanceof LocalDate d) {
            // A date before 1 AD is read back through its midnight: the engine's DATE literals have no BC.
            return d.getYear() > 0 ? "DATE '" + Values.dateText(d) + "'"
                    : "CAST(TIMESTAMP '" + Values.dateText(d).replace(" BC", " 00:00:00 BC") + "' AS DATE)";
        }
        if (v instanceof LocalDateTime t) {
            return "TIMESTAMP '" + Values.timestampText(t) + "'"; // microseconds, BC as the engine reads it
        }
        if (v instanceof java.time.LocalTime t) {
            // microseconds; LocalTime.MAX, the client's 24:00:00, as 24:00:00
            return "TIME '" + io.relationshiplayer.proto.values.TimeOfDay.of(t) + "'";
        }
        if (v instanceof io.relationshiplayer.proto.values.TimeOfDay t) {
            return "TIME '" + t + "'";
        }
        return SqlIdentifiers.literal(v.toString());
    }

    private static String doubleLiteral(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return "CAST('" + d + "' AS DOUBLE)";
        }
        String s = Double.toString(d);
        return s.contains("E") ? s : s + "E0";
    }
}
