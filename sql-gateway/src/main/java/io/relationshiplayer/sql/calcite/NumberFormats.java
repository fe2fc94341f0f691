package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * PostgreSQL 15's {@code to_char} of a number and {@code to_number} for the everyday patterns: digits {@code 9} (a
 * blank where there is no digit) and {@code 0} (a zero), the decimal point {@code .} or {@code D}, the group separator
 * {@code ,} or {@code G} (the C locale's: {@code .} and {@code ,}), and the prefix {@code FM} (no padding, no trailing
 * zeros where the pattern has 9s). As PostgreSQL writes it: one place before the digits for the sign (a blank or
 * {@code -}), {@code #}s for a number too long for the pattern, {@code .5} without its zero where the pattern has no
 * {@code 0}. Other patterns ({@code S}, {@code MI}, {@code PR}, {@code L}, {@code EEEE}, {@code RN}, {@code V},
 * {@code TH}, text) are 0A000.
 */
public final class NumberFormats {
    private enum Kind { NINE, ZERO, POINT, GROUP }

    /** A parsed pattern: its parts, FM, the digits before and after the point, the first and last 0 (1-based). */
    private record Pattern(List<Kind> parts, boolean fm, int pre, int post, int zeroStart, int zeroEnd) {
    }

    private static final int DBL_DIG = 15;

    private NumberFormats() {
    }

    public static String toCharNumeric(BigDecimal value, String format) {
        if (value == null || format == null) {
            return null;
        }
        Pattern p = parse(format, "to_char");
        return write(value.setScale(p.post(), RoundingMode.HALF_UP), p);
    }

    public static String toCharDouble(Double value, String format) {
        if (value == null || format == null) {
            return null;
        }
        Pattern p = parse(format, "to_char");
        if (value.isNaN() || value.isInfinite()) {
            // PostgreSQL writes #s for NaN and the infinities in every digit place
            return overflow(p, value < 0);
        }
        BigDecimal exact = new BigDecimal(value);
        int preLength = exact.abs().setScale(0, RoundingMode.HALF_EVEN).toPlainString().length();
        int post = preLength >= DBL_DIG ? 0 : Math.min(p.post(), DBL_DIG - preLength);
        // C's %.*f of the binary value: ties to even; the pattern's other fraction places are zeros
        return write(exact.setScale(post, RoundingMode.HALF_EVEN).setScale(p.post(), RoundingMode.UNNECESSARY), p);
    }

    private static String overflow(Pattern p, boolean negative) {
        return write(null, p, negative);
    }

    private static String write(BigDecimal v, Pattern p) {
        return write(v, p, v.signum() < 0);
    }

    private static String write(BigDecimal v, Pattern p, boolean negative) {
        String number;
        if (v == null) {
            number = "#".repeat(p.pre()) + (p.post() > 0 ? "." + "#".repeat(p.post()) : "");
        } else {
            number = v.abs().toPlainString();
            String integer = number.indexOf('.') < 0 ? number : number.substring(0, number.indexOf('.'));
            if (integer.length() > p.pre()) {
                // too long for the pattern (0.5 as '.99' too: ' .##', as PostgreSQL's)
                number = "#".repeat(p.pre()) + (p.post() > 0 ? "." + "#".repeat(p.post()) : "");
            }
        }
        int point = number.indexOf('.');
        int preLength = point < 0 ? number.length() : point;
        int preSpaces = p.pre() - preLength;
        // FM: the last digit written after the point, from the last 0 of the pattern on (null: all of them)
        int lastRelevant = -1;
        if (p.fm() && p.post() > 0) {
            int from = Math.max(0, p.zeroEnd() - preSpaces);
            int dot = number.indexOf('.', Math.min(from, number.length()));
            if (dot >= 0) {
                lastRelevant = dot;
                for (int i = dot + 1; i < number.length(); i++) {
                    if (number.charAt(i) != '0') {
                        lastRelevant = i;
                    }
                }
            }
        }
        boolean zero = p.zeroStart() > 0;
        int zeroStart = Math.max(0, p.zeroStart() - 1); // 0-based digit place
        boolean pointRelevant = lastRelevant >= 0 && number.charAt(lastRelevant) == '.';
        StringBuilder out = new StringBuilder();
        boolean signWritten = false;
        boolean digitWritten = false;
        int place = 0; // places of the pattern done (digits and the point)
        int at = 0; // in number
        for (Kind k : p.parts()) {
            if (k == Kind.GROUP) {
                if (digitWritten) {
                    out.append(',');
                } else if (!p.fm()) {
                    out.append(' ');
                }
                continue;
            }
            // PostgreSQL's "9.9" of 0.1: " .1", no zero before the point unless the pattern has a 0
            boolean predecimalSpace = !zero && at == 0 && number.length() > 0 && number.charAt(0) == '0'
                    && p.post() != 0;
            if (!signWritten && (place >= preSpaces || zero && zeroStart == place)
                    && (!predecimalSpace || pointRelevant)) {
                sign(out, negative, p.fm());
                signWritten = true;
            }
            if (k != Kind.POINT && place < preSpaces && (!zero || zeroStart > place)) {
                if (!p.fm()) {
                    out.append(' ');
                }
            } else if (k != Kind.POINT && place < preSpaces) {
                out.append('0');
                digitWritten = true;
            } else if (k == Kind.POINT && (at >= number.length() || number.charAt(at) != '.')) {
                // a pattern's point with no digit after it writes nothing: 12 as '99.' is ' 12', as PostgreSQL's
            } else if (at < number.length()) {
                char c = number.charAt(at);
                if (c == '.') {
                    out.append('.');
                } else if (lastRelevant >= 0 && at > lastRelevant && k != Kind.ZERO) {
                    // FM: no trailing zero where the pattern has a 9
                } else if (predecimalSpace) {
                    if (!p.fm()) {
                        out.append(' ');
                    } else if (pointRelevant) {
                        out.append('0');
                    }
                } else {
                    out.append(c);
                    digitWritten = true;
                }
                at++;
            }
            place++;
        }
        return out.toString();
    }

    private static void sign(StringBuilder out, boolean negative, boolean fm) {
        if (negative) {
            out.append('-');
        } else if (!fm) {
            out.append(' ');
        }
    }

    private static Pattern parse(String format, String function) {
        List<Kind> parts = new ArrayList<>();
        boolean fm = false;
        boolean point = false;
        int pre = 0;
        int post = 0;
        int zeroStart = 0;
        int zeroEnd = 0;
        String upper = format.toUpperCase(Locale.ROOT);
        for (int i = 0; i < format.length(); i++) {
            char c = upper.charAt(i);
            if (upper.startsWith("FM", i)) {
                fm = true;
                i++;
            } else if (c == '9' || c == '0') {
                if (c == '0') {
                    zeroStart = zeroStart == 0 ? pre + post + 1 : zeroStart;
                    zeroEnd = pre + post + 1;
                }
                if (point) {
                    post++;
                } else {
                    pre++;
                }
                parts.add(c == '9' ? Kind.NINE : Kind.ZERO);
            } else if (c == '.' || c == 'D') {
                if (point) {
                    throw new SqlException(SqlException.SYNTAX_ERROR, "multiple decimal points");
                }
                point = true;
                parts.add(Kind.POINT);
            } else if (c == ',' || c == 'G') {
                parts.add(Kind.GROUP);
            } else {
                throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, function + " format \"" + format
                        + "\" is not supported: only 9, 0, ., D, ',', G and FM are");
            }
        }
        return new Pattern(parts, fm, pre, post, zeroStart, zeroEnd);
    }

    /**
     * PostgreSQL's {@code to_number(text, format)}: the text's digits read in the pattern's places (a sign before
     * them, group separators skipped), as a numeric of the digits read ({@code '1.5'} as {@code '9.99'} is 1.5);
     * 22P02 when there is no digit.
     */
    public static BigDecimal toNumber(String text, String format) {
        if (text == null || format == null) {
            return null;
        }
        Pattern p = parse(format, "to_number");
        StringBuilder integer = new StringBuilder();
        StringBuilder fraction = new StringBuilder();
        boolean negative = false;
        boolean inFraction = false;
        int at = 0;
        while (at < text.length() && text.charAt(at) == ' ') {
            at++;
        }
        if (at < text.length() && (text.charAt(at) == '-' || text.charAt(at) == '+')) {
            negative = text.charAt(at) == '-';
            at++;
        }
        for (Kind k : p.parts()) {
            if (at >= text.length()) {
                break;
            }
            char c = text.charAt(at);
            switch (k) {
                case NINE, ZERO -> {
                    if (Character.isDigit(c)) {
                        (inFraction ? fraction : integer).append(c);
                        at++;
                    } else if (c == ' ') {
                        at++;
                    }
                }
                case POINT -> {
                    inFraction = true;
                    if (c == '.') {
                        at++;
                    }
                }
                case GROUP -> {
                    if (!Character.isDigit(c)) {
                        at++;
                    }
                }
                default -> {
                }
            }
        }
        if (at < text.length() && text.charAt(at) == '-') {
            negative = true; // a trailing minus, as PostgreSQL reads one after the digits
        }
        if (integer.length() == 0 && fraction.length() == 0) {
            throw new SqlException(SqlException.INVALID_TEXT, "invalid input syntax for type numeric: \" \"");
        }
        BigDecimal v = new BigDecimal((integer.length() == 0 ? "0" : integer)
                + (fraction.length() > 0 ? "." + fraction : ""));
        return negative ? v.negate() : v;
    }

    /** The scale of {@code to_number}'s result for {@code format}: its digits after the point. */
    public static int scale(String format) {
        try {
            return parse(format, "to_number").post();
        } catch (SqlException e) {
            return 0; // the call says so as it runs
        }
    }

    /** PostgreSQL's {@code trim_scale}: the value without the trailing zeros of its fraction. */
    public static BigDecimal trimScale(BigDecimal value) {
        if (value == null) {
            return null;
        }
        BigDecimal t = value.stripTrailingZeros();
        return t.scale() < 0 ? t.setScale(0) : t;
    }

    /** PostgreSQL's {@code gen_random_uuid()}: a version 4 UUID, as text. */
    @org.apache.calcite.linq4j.function.NonDeterministic
    public static String genRandomUuid() {
        return java.util.UUID.randomUUID().toString();
    }
}
