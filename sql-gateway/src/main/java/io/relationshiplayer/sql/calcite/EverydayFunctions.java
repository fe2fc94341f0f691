package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.PostgresKeywords;
import io.relationshiplayer.sql.SqlException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.List;

/**
 * PostgreSQL 15's everyday functions that Calcite has not, as PostgreSQL computes them ({@code EverydayCalls} types
 * and converts their calls): reverse, btrim, ltrim and rtrim of characters, to_hex, gcd, lcm, factorial,
 * width_bucket, make_date, make_timestamp and format. NULL in, NULL out (format aside). Errors carry PostgreSQL's
 * SQLSTATE and words.
 */
public final class EverydayFunctions {
    private static final int MAX_FACTORIAL = 32177; // PostgreSQL's numeric holds 32177! and no more

    private EverydayFunctions() {
    }

    public static String reverse(String s) {
        return s == null ? null : new StringBuilder(s).reverse().toString();
    }

    public static String btrimSpaces(String s) {
        return trim(s, " ", true, true);
    }

    public static String ltrimSpaces(String s) {
        return trim(s, " ", true, false);
    }

    public static String rtrimSpaces(String s) {
        return trim(s, " ", false, true);
    }

    public static String btrim(String s, String chars) {
        return trim(s, chars, true, true);
    }

    public static String ltrim(String s, String chars) {
        return trim(s, chars, true, false);
    }

    public static String rtrim(String s, String chars) {
        return trim(s, chars, false, true);
    }

    private static String trim(String s, String chars, boolean left, boolean right) {
        if (s == null || chars == null) {
            return null;
        }
        int[] cps = s.codePoints().toArray();
        int from = 0;
        int to = cps.length;
        while (left && from < to && chars.indexOf(cps[from]) >= 0) {
            from++;
        }
        while (right && to > from && chars.indexOf(cps[to - 1]) >= 0) {
            to--;
        }
        return new String(cps, from, to - from);
    }

    public static String toHexInt(Integer n) {
        return n == null ? null : Integer.toHexString(n);
    }

    public static String toHexLong(Long n) {
        return n == null ? null : Long.toHexString(n);
    }

    public static Integer gcdInt(Integer a, Integer b) {
        if (a == null || b == null) {
            return null;
        }
        long g = BigInteger.valueOf(a).gcd(BigInteger.valueOf(b)).longValueExact();
        if (g > Integer.MAX_VALUE) {
            throw outOfRange("integer");
        }
        return (int) g;
    }

    public static Long gcdLong(Long a, Long b) {
        if (a == null || b == null) {
            return null;
        }
        BigInteger g = BigInteger.valueOf(a).gcd(BigInteger.valueOf(b));
        if (g.bitLength() > 63) {
            throw outOfRange("bigint");
        }
        return g.longValue();
    }

    public static BigDecimal gcdNumeric(BigDecimal a, BigDecimal b) {
        if (a == null || b == null) {
            return null;
        }
        int scale = Math.max(a.scale(), b.scale());
        BigInteger x = a.setScale(scale).unscaledValue();
        BigInteger y = b.setScale(scale).unscaledValue();
        return new BigDecimal(x.gcd(y), scale);
    }

    public static Integer lcmInt(Integer a, Integer b) {
        if (a == null || b == null) {
            return null;
        }
        BigInteger l = lcm(BigInteger.valueOf(a), BigInteger.valueOf(b));
        if (l.bitLength() > 31) {
            throw outOfRange("integer");
        }
        return l.intValue();
    }

    public static Long lcmLong(Long a, Long b) {
        if (a == null || b == null) {
            return null;
        }
        BigInteger l = lcm(BigInteger.valueOf(a), BigInteger.valueOf(b));
        if (l.bitLength() > 63) {
            throw outOfRange("bigint");
        }
        return l.longValue();
    }

    public static BigDecimal lcmNumeric(BigDecimal a, BigDecimal b) {
        if (a == null || b == null) {
            return null;
        }
        int scale = Math.max(a.scale(), b.scale());
        return new BigDecimal(lcm(a.setScale(scale).unscaledValue(), b.setScale(scale).unscaledValue()), scale);
    }

    private static BigInteger lcm(BigInteger a, BigInteger b) {
        if (a.signum() == 0 || b.signum() == 0) {
            return BigInteger.ZERO;
        }
        return a.divide(a.gcd(b)).multiply(b).abs();
    }

    public static BigDecimal factorial(Long n) {
        if (n == null) {
            return null;
        }
        if (n < 0) {
            throw new SqlException("2201F", "factorial of a negative number is undefined");
        }
        if (n > MAX_FACTORIAL) {
            throw new SqlException(SqlException.NUMERIC_OUT_OF_RANGE, "value overflows numeric format");
        }
        BigInteger f = BigInteger.ONE;
        for (long i = 2; i <= n; i++) {
            f = f.multiply(BigInteger.valueOf(i));
        }
        return new BigDecimal(f);
    }

    public static Integer widthBucket(BigDecimal x, BigDecimal low, BigDecimal high, Integer count) {
        if (x == null || low == null || high == null || count == null) {
            return null;
        }
        if (count <= 0) {
            throw new SqlException("2201G", "count must be greater than zero");
        }
        int cmp = low.compareTo(high);
        if (cmp == 0) {
            throw new SqlException("2201G", "lower bound cannot equal upper bound");
        }
        BigDecimal n = BigDecimal.valueOf(count);
        if (cmp < 0) {
            if (x.compareTo(low) < 0) {
                return 0;
            }
            if (x.compareTo(high) >= 0) {
                return bucketPastEnd(count);
            }
            return x.subtract(low).multiply(n).divide(high.subtract(low), 0, java.math.RoundingMode.FLOOR)
                    .intValueExact() + 1;
        }
        if (x.compareTo(low) > 0) {
            return 0;
        }
        if (x.compareTo(high) <= 0) {
            return bucketPastEnd(count);
        }
        return low.subtract(x).multiply(n).divide(low.subtract(high), 0, java.math.RoundingMode.FLOOR)
                .intValueExact() + 1;
    }

    public static Integer widthBucketDouble(Double x, Double low, Double high, Integer count) {
        if (x == null || low == null || high == null || count == null) {
            return null;
        }
        if (count <= 0) {
            throw new SqlException("2201G", "count must be greater than zero");
        }
        if (x.isNaN() || low.isNaN() || high.isNaN()) {
            throw new SqlException("2201G", "operand, lower bound, and upper bound cannot be NaN");
        }
        if (low.isInfinite() || high.isInfinite()) {
            throw new SqlException("2201G", "lower and upper bounds must be finite");
        }
        if (low.equals(high)) {
            throw new SqlException("2201G", "lower bound cannot equal upper bound");
        }
        if (low < high) {
            if (x < low) {
                return 0;
            }
            if (x >= high) {
                return bucketPastEnd(count);
            }
            return (int) Math.min(count, Math.floor((x - low) / (high - low) * count)) + 1;
        }
        if (x > low) {
            return 0;
        }
        if (x <= high) {
            return bucketPastEnd(count);
        }
        return (int) Math.min(count, Math.floor((low - x) / (low - high) * count)) + 1;
    }

    private static int bucketPastEnd(int count) {
        if (count == Integer.MAX_VALUE) {
            throw outOfRange("integer");
        }
        return count + 1;
    }

    /** The date's day since 1970 (a negative year is BC), as DATE's int. */
    public static Integer makeDate(Integer year, Integer month, Integer day) {
        if (year == null || month == null || day == null) {
            return null;
        }
        return Dates.parse(dateText(year, month, day));
    }

    private static String dateText(int year, int month, int day) {
        if (year == 0) {
            throw new SqlException("22008", "date field value out of range: " + year + "-" + two(month) + "-"
                    + two(day));
        }
        try {
            LocalDate.of(year < 0 ? year + 1 : year, month, day);
        } catch (DateTimeException e) {
            throw new SqlException("22008", "date field value out of range: " + year + "-" + two(month) + "-"
                    + two(day));
        }
        String y = String.valueOf(Math.abs(year));
        return "0".repeat(Math.max(0, 4 - y.length())) + y + "-" + two(month) + "-" + two(day)
                + (year < 0 ? " BC" : "");
    }

    /**
     * The timestamp's microseconds since 1970, as TIMESTAMP's long. As PostgreSQL's: 60 seconds carry into the next
     * minute, {@code 24:00:00} is the next day's midnight, other fields out of range are 22008.
     */
    public static Long makeTimestamp(Integer year, Integer month, Integer day, Integer hour, Integer minute,
            Double second) {
        if (year == null || month == null || day == null || hour == null || minute == null || second == null) {
            return null;
        }
        long days = Dates.parse(dateText(year, month, day));
        if (hour < 0 || minute < 0 || minute > 59 || !(second >= 0) || second > 60 || hour > 24
                || hour == 24 && (minute > 0 || second > 0)) {
            throw new SqlException("22008", "time field value out of range: " + hour + ":" + two(minute) + ":"
                    + seconds(second));
        }
        long micros = days * Timestamps.DAY + (hour * 3600L + minute * 60L) * Timestamps.SECOND
                + Math.round(second * Timestamps.SECOND);
        if (micros < Timestamps.MIN || micros > Timestamps.MAX) {
            throw new SqlException("22008", "timestamp out of range: " + dateText(year, month, day) + " " + hour
                    + ":" + two(minute) + ":" + seconds(second));
        }
        return micros;
    }

    /** Seconds as PostgreSQL's {@code %02g} writes them in its message. */
    private static String seconds(double second) {
        if (Double.isNaN(second) || Double.isInfinite(second)) {
            return FloatCasts.text(second);
        }
        String t = new BigDecimal(second).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
        return t.length() < 2 ? "0" + t : t;
    }

    private static String two(int n) {
        return n >= 0 && n < 10 ? "0" + n : String.valueOf(n);
    }

    /**
     * PostgreSQL's {@code format(fmt, args...)}: {@code %s} an argument's text (NULL as nothing), {@code %I} a
     * quoted identifier (22004 for a NULL), {@code %L} a quoted literal (NULL as NULL), {@code %%} a percent sign;
     * each with an optional position {@code n$}, and for {@code %s} and {@code %I} a width ({@code -} pads on the
     * right; {@code *} takes the width from an argument). 22023 for an unknown conversion, too few arguments or an
     * unterminated format.
     */
    public static String format(String fmt, List<String> args) {
        if (fmt == null) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        int next = 0;
        int i = 0;
        int n = fmt.length();
        while (i < n) {
            char c = fmt.charAt(i++);
            if (c != '%') {
                out.append(c);
                continue;
            }
            if (i >= n) {
                throw invalid("unterminated format() type specifier");
            }
            if (fmt.charAt(i) == '%') {
                out.append('%');
                i++;
                continue;
            }
            // [n$][flags][width][n$ | *]type
            int arg = -1;
            int digitsEnd = digits(fmt, i);
            if (digitsEnd > i && digitsEnd < n && fmt.charAt(digitsEnd) == '$') {
                arg = position(fmt.substring(i, digitsEnd));
                i = digitsEnd + 1;
            }
            boolean minus = false;
            while (i < n && fmt.charAt(i) == '-') {
                minus = true;
                i++;
            }
            Integer width = null;
            if (i < n && fmt.charAt(i) == '*') {
                i++;
                int widthArg;
                int e = digits(fmt, i);
                if (e > i && e < n && fmt.charAt(e) == '$') {
                    widthArg = position(fmt.substring(i, e));
                    i = e + 1;
                } else {
                    widthArg = next;
                }
                if (widthArg >= args.size()) {
                    throw invalid("too few arguments for format()");
                }
                next = widthArg + 1;
                String w = args.get(widthArg);
                width = w == null ? 0 : Integer.parseInt(w.trim());
                if (width < 0) {
                    minus = true;
                    width = -width;
                }
            } else {
                int e = digits(fmt, i);
                if (e > i) {
                    width = Integer.parseInt(fmt.substring(i, e));
                    i = e;
                }
            }
            if (i >= n) {
                throw invalid("unterminated format() type specifier");
            }
            char type = fmt.charAt(i++);
            if (type != 's' && type != 'I' && type != 'L') {
                throw new SqlException("22023", "unrecognized format() type specifier \"" + type + "\"");
            }
            int which = arg >= 0 ? arg : next;
            if (which >= args.size()) {
                throw invalid("too few arguments for format()");
            }
            next = which + 1;
            String v = args.get(which);
            String text;
            if (type == 's') {
                text = v == null ? "" : v;
            } else if (type == 'I') {
                if (v == null) {
                    throw new SqlException("22004", "null values cannot be formatted as an SQL identifier");
                }
                text = quoteIdent(v);
            } else {
                text = v == null ? "NULL" : quoteLiteral(v);
            }
            int len = text.codePointCount(0, text.length());
            if (width != null && len < width) {
                String pad = " ".repeat(width - len);
                text = minus ? text + pad : pad + text;
            }
            out.append(text);
        }
        return out.toString();
    }

    private static int digits(String s, int from) {
        int i = from;
        while (i < s.length() && Character.isDigit(s.charAt(i))) {
            i++;
        }
        return i;
    }

    private static int position(String digits) {
        int p = Integer.parseInt(digits);
        if (p == 0) {
            throw invalid("format specifies argument 0, but arguments are numbered from 1");
        }
        return p - 1;
    }

    /** PostgreSQL's quote_ident. */
    public static String quoteIdent(String s) {
        boolean plain = !s.isEmpty() && (Character.isLowerCase(s.charAt(0)) && s.charAt(0) < 128 || s.charAt(0) == '_');
        for (int i = 0; plain && i < s.length(); i++) {
            char c = s.charAt(i);
            plain = c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_';
        }
        if (plain && !PostgresKeywords.isQuotedKeyword(s)) {
            return s;
        }
        return "\"" + s.replace("\"", "\"\"") + "\"";
    }

    /** PostgreSQL's quote_literal: E'...' where the text has a backslash. */
    public static String quoteLiteral(String s) {
        String q = "'" + s.replace("'", "''").replace("\\", "\\\\") + "'";
        return s.indexOf('\\') >= 0 ? "E" + q : q;
    }

    /** PostgreSQL's {@code quote_nullable}: NULL as the word NULL, else quote_literal. */
    public static String quoteNullable(String s) {
        return s == null ? "NULL" : quoteLiteral(s);
    }

    public static String quoteLiteralOrNull(String s) {
        return s == null ? null : quoteLiteral(s);
    }

    public static String quoteIdentOrNull(String s) {
        return s == null ? null : quoteIdent(s);
    }

    /** How many of {@code values} are NULL ({@code num_nulls}). */
    public static Integer numNulls(List<String> values) {
        int n = 0;
        for (String v : values) {
            n += v == null ? 1 : 0;
        }
        return n;
    }

    /** How many of {@code values} are not NULL ({@code num_nonnulls}). */
    public static Integer numNonNulls(List<String> values) {
        return values.size() - numNulls(values);
    }

    /** The text's length in bits, of its UTF-8 bytes ({@code bit_length}). */
    public static Integer bitLength(String s) {
        return s == null ? null : s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length * 8;
    }

    /** PostgreSQL's {@code log10} and one-argument {@code log} of a double: exact for powers of ten. */
    public static Double log10(Double x) {
        if (x == null) {
            return null;
        }
        checkLogArgument(x);
        return Math.log10(x);
    }

    /**
     * PostgreSQL's {@code log(b, x)}: the logarithm of x to base b, to 15 significant digits (so {@code log(2, 8)} is
     * 3, where the quotient of two natural logarithms is 3.0000000000000004).
     */
    public static Double logBase(Double b, Double x) {
        if (b == null || x == null) {
            return null;
        }
        checkLogArgument(b);
        checkLogArgument(x);
        double lb = Math.log(b);
        if (lb == 0) {
            throw new SqlException(SqlException.DIVISION_BY_ZERO, "division by zero");
        }
        double r = Math.log(x) / lb;
        if (Double.isNaN(r) || Double.isInfinite(r)) {
            return r;
        }
        return new BigDecimal(r).round(new java.math.MathContext(15)).doubleValue();
    }

    private static void checkLogArgument(double x) {
        if (x == 0) {
            throw new SqlException("2201E", "cannot take logarithm of zero");
        }
        if (x < 0) {
            throw new SqlException("2201E", "cannot take logarithm of a negative number");
        }
    }

    /** PostgreSQL's {@code split_part}: field n (from the end when negative) of s split at each delimiter. */
    public static String splitPart(String s, String delimiter, Integer n) {
        if (s == null || delimiter == null || n == null) {
            return null;
        }
        if (n == 0) {
            throw invalid("field position must not be zero");
        }
        List<String> fields = new java.util.ArrayList<>();
        if (s.isEmpty()) {
            return "";
        }
        if (delimiter.isEmpty()) {
            fields.add(s);
        } else {
            int from = 0;
            int at;
            while ((at = s.indexOf(delimiter, from)) >= 0) {
                fields.add(s.substring(from, at));
                from = at + delimiter.length();
            }
            fields.add(s.substring(from));
        }
        long i = n > 0 ? n - 1L : fields.size() + (long) n;
        return i >= 0 && i < fields.size() ? fields.get((int) i) : "";
    }

    /**
     * PostgreSQL's {@code initcap}: each word's first letter upper case, the rest lower case; a word is a run of
     * letters and digits of any script (Calcite's took only ASCII letters as such).
     */
    public static String initcap(String s) {
        if (s == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(s.length());
        boolean inWord = false;
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            i += Character.charCount(c);
            out.appendCodePoint(inWord ? Character.toLowerCase(c) : Character.toUpperCase(c));
            inWord = Character.isLetterOrDigit(c);
        }
        return out.toString();
    }

    /**
     * PostgreSQL's {@code chr} in a UTF-8 database: 54000 for 0, a negative, a surrogate or past U+10FFFF; 0A000 past
     * U+FFFF (PostgreSQL has them).
     */
    public static String chr(Integer n) {
        if (n == null) {
            return null;
        }
        if (n == 0) {
            throw new SqlException(SqlException.PROGRAM_LIMIT_EXCEEDED, "null character not permitted");
        }
        if (n < 0) {
            throw new SqlException(SqlException.PROGRAM_LIMIT_EXCEEDED, "character number must be positive");
        }
        if (n > Character.MAX_CODE_POINT) {
            throw new SqlException(SqlException.PROGRAM_LIMIT_EXCEEDED, "requested character too large for encoding: "
                    + n);
        }
        if (n >= 0xD800 && n <= 0xDFFF) {
            throw new SqlException(SqlException.PROGRAM_LIMIT_EXCEEDED, "requested character not valid for encoding: "
                    + n);
        }
        if (n > 0xFFFF) {
            // Calcite types chr as CHAR(1), one UTF-16 unit: the character would lose its second half
            throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "chr of a character past U+FFFF is not "
                    + "supported");
        }
        return new String(Character.toChars(n));
    }

    private static SqlException invalid(String message) {
        return new SqlException("22023", message);
    }

    private static SqlException outOfRange(String type) {
        return new SqlException(SqlException.NUMERIC_OUT_OF_RANGE, type + " out of range");
    }
}
