package io.relationshiplayer.sql.files;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Values of result rows as the text of expected rows, and the comparison of the two: numbers by value (doubles to 12
 * significant digits), everything else by its text.
 */
final class Cells {
    static final String NULL = "NULL";
    static final String EMPTY = "(empty)";
    private static final MathContext DOUBLE_DIGITS = new MathContext(12);
    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

    private Cells() {
    }

    /** A value as it is written in an expected row. */
    static String render(Object v) {
        if (v == null) {
            return NULL;
        }
        if (v instanceof String s) {
            return s.isEmpty() ? EMPTY : s;
        }
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                return Double.toString(d);
            }
            return plain(new BigDecimal(Double.toString(d)).round(DOUBLE_DIGITS));
        }
        if (v instanceof BigDecimal b) {
            return plain(b);
        }
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte
                || v instanceof BigInteger) {
            return v.toString();
        }
        if (v instanceof byte[] bytes) {
            return "x'" + HexFormat.of().formatHex(bytes) + "'";
        }
        if (v instanceof java.sql.Date d) {
            return d.toLocalDate().toString();
        }
        if (v instanceof java.sql.Timestamp ts) {
            return render(ts.toLocalDateTime());
        }
        if (v instanceof LocalDate d) {
            return day(d) + era(d);
        }
        if (v instanceof LocalDateTime ts) {
            String s = day(ts.toLocalDate()) + " " + String.format("%02d:%02d:%02d", ts.getHour(), ts.getMinute(),
                    ts.getSecond());
            return (ts.getNano() == 0 ? s : s + "." + String.format("%09d", ts.getNano()).replaceAll("0+$", ""))
                    + era(ts.toLocalDate());
        }
        return v.toString();
    }

    /** A day as PostgreSQL writes it: four digits of the year at least, its era (below) after a year before 1 AD. */
    private static String day(LocalDate d) {
        int year = d.getYear() < 1 ? 1 - d.getYear() : d.getYear();
        return String.format("%04d-%02d-%02d", year, d.getMonthValue(), d.getDayOfMonth());
    }

    private static String era(LocalDate d) {
        return d.getYear() < 1 ? " BC" : "";
    }

    /** A row as its cells' text. */
    static List<String> render(Object[] row) {
        List<String> out = new ArrayList<>(row.length);
        for (Object v : row) {
            out.add(render(v));
        }
        return out;
    }

    /** The cells of an expected row line: {@code |}-separated, each trimmed. */
    static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        for (String c : line.split("\\|", -1)) {
            out.add(c.strip());
        }
        return out;
    }

    /** Whether a result value is what an expected cell says. */
    static boolean matches(Object actual, String expected) {
        if (actual instanceof Number n) {
            if (!NUMBER.matcher(expected).matches()) {
                return render(actual).equals(expected);
            }
            BigDecimal want = new BigDecimal(expected);
            if (actual instanceof Double || actual instanceof Float) {
                double d = n.doubleValue();
                double w = want.doubleValue();
                return Math.abs(d - w) <= 1e-9 * Math.max(1, Math.abs(w));
            }
            return new BigDecimal(n.toString()).compareTo(want) == 0;
        }
        return render(actual).equals(expected);
    }

    /** How a cell sorts in a {@code rowsort} comparison: numbers by their canonical text, others as written. */
    static String sortKey(String cell) {
        if (NUMBER.matcher(cell).matches()) {
            BigDecimal b = new BigDecimal(cell);
            if (cell.contains(".") || cell.contains("e") || cell.contains("E")) {
                b = b.round(DOUBLE_DIGITS);
            }
            return plain(b);
        }
        return cell;
    }

    static final Comparator<List<String>> ROW_ORDER = (a, b) -> {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = sortKey(a.get(i)).compareTo(sortKey(b.get(i)));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    };

    /**
     * The value of a result in the form both engines of the cross-check agree on: integers exactly, numbers with a
     * fraction to 12 significant digits, everything else as {@link #render(Object)}.
     */
    static String canonical(Object v) {
        if (v instanceof Number n && !(v instanceof Double) && !(v instanceof Float)) {
            BigDecimal b = new BigDecimal(n.toString());
            // engines differ in the exact type of AVG and SUM of fractions: compare them as doubles are compared
            return plain(b.scale() > 0 ? b.round(DOUBLE_DIGITS) : b);
        }
        if (v instanceof Boolean b) {
            return b.toString();
        }
        return render(v);
    }

    private static String plain(BigDecimal b) {
        if (b.signum() == 0) {
            return "0";
        }
        return b.stripTrailingZeros().toPlainString();
    }
}
