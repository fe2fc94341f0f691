package io.relationshiplayer.cli.dump;

import io.relationshiplayer.sql.SqlIdentifiers;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;

/**
 * Values as SQL literals that the engine reads back as the same value: integers and decimals as written (a decimal
 * with its scale), a DOUBLE always in E notation (the shortest digits that give the same double, read as a DOUBLE
 * literal, never as a DECIMAL whose precision a VALUES list would have to widen), NaN and the infinities as casts,
 * strings quoted, bytes as {@code X'hex'}, dates and timestamps as typed literals, NULL.
 */
public final class SqlLiterals {
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

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
            return "DATE '" + d + "'";
        }
        if (v instanceof LocalDateTime t) {
            String s = t.format(TIMESTAMP);
            if (t.getNano() != 0) {
                s += "." + String.format("%09d", t.getNano()).replaceAll("0+$", "");
            }
            return "TIMESTAMP '" + s + "'";
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
