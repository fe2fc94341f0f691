package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.PostgresKeywords;
import io.relationshiplayer.sql.SqlException;
import java.util.List;

/**
 * PostgreSQL 15's everyday text functions that Calcite has not or has otherwise, as PostgreSQL computes them
 * ({@code EverydayCalls} and {@code CalciteFunctionFixes} type and convert their calls): reverse, btrim, ltrim and
 * rtrim of characters, to_hex, format, quote_ident, quote_literal, quote_nullable, num_nulls, num_nonnulls,
 * bit_length, split_part, initcap and chr. NULL in, NULL out (format, quote_nullable and num_nulls aside). Errors
 * carry PostgreSQL's SQLSTATE and words.
 */
public final class EverydayTextFunctions {
    private EverydayTextFunctions() {
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
     * PostgreSQL's {@code chr} in a UTF-8 database: 54000 for 0, a surrogate or past U+10FFFF, 22023 for a
     * negative; 0A000 past
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
            throw new SqlException("22023", "character number must be positive");
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

}
