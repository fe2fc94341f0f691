package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * PostgreSQL's regular expressions (its POSIX "advanced" ones) on Java's engine: the operators {@code ~ ~* !~ !~*}
 * and {@code regexp_replace}. A pattern is translated where the two read the same text differently: {@code .} also
 * matches a newline and {@code $} is only the end of the text (PostgreSQL's default, not newline-sensitive); in a
 * bracket expression {@code [[:alpha:]]} and the other POSIX classes are Java's {@code \p{Alpha}} ..., a {@code ]}
 * first is a character, and {@code [}, {@code &&} are characters (Java nests and intersects classes there);
 * {@code \m}, {@code \M}, {@code \y}, {@code \Y} are word start, word end and (not) a word boundary; {@code \Z} is
 * the end of the text. A pattern Java cannot compile is 2201B, {@code invalid regular expression: ...} with Java's
 * description. Compiled patterns are kept (at most {@value #CACHE} of them).
 */
public final class PosixRegex {
    private static final int CACHE = 256;
    private static final Map<String, Pattern> PATTERNS = new ConcurrentHashMap<>();

    private PosixRegex() {
    }

    /** {@code s ~ p} ({@code ~*} when {@code caseless}): whether {@code p} matches somewhere in {@code s}. */
    public static Boolean matches(String s, String p, boolean caseless) {
        if (s == null || p == null) {
            return null;
        }
        return pattern(p, caseless, false).matcher(s).find();
    }

    /**
     * {@code regexp_replace(s, p, r, flags)}: the first match of {@code p} in {@code s} (each, with flag g) replaced by
     * {@code r}, whose {@code \1} ... {@code \9} are the groups, {@code \&} the match and {@code \\} a backslash.
     */
    public static String replace(String s, String p, String r, String flags) {
        if (s == null || p == null || r == null || flags == null) {
            return null;
        }
        boolean global = false;
        boolean caseless = false;
        boolean newlines = false;
        for (int i = 0; i < flags.length(); i++) {
            switch (flags.charAt(i)) {
                case 'g' -> global = true;
                case 'i' -> caseless = true;
                case 'c' -> caseless = false;
                case 'n', 'm' -> newlines = true;
                case 's' -> newlines = false;
                default -> throw new SqlException("22023", "invalid regular expression option: \""
                        + flags.charAt(i) + "\"");
            }
        }
        Matcher m = pattern(p, caseless, newlines).matcher(s);
        StringBuilder out = new StringBuilder();
        int copied = 0;
        while (m.find()) {
            out.append(s, copied, m.start());
            replacement(m, r, out);
            copied = m.end();
            if (!global) {
                break;
            }
        }
        out.append(s, copied, s.length());
        return out.toString();
    }

    private static void replacement(Matcher m, String r, StringBuilder out) {
        for (int i = 0; i < r.length(); i++) {
            char c = r.charAt(i);
            if (c == '\\' && i + 1 < r.length()) {
                char n = r.charAt(i + 1);
                if (n >= '1' && n <= '9') {
                    i++;
                    int g = n - '0';
                    if (g <= m.groupCount() && m.group(g) != null) {
                        out.append(m.group(g));
                    }
                    continue;
                }
                if (n == '&') {
                    i++;
                    out.append(m.group());
                    continue;
                }
                if (n == '\\') {
                    i++;
                }
            }
            out.append(r.charAt(i));
        }
    }

    private static Pattern pattern(String p, boolean caseless, boolean newlines) {
        String key = (caseless ? "i" : "c") + (newlines ? "n" : "s") + p;
        Pattern compiled = PATTERNS.get(key);
        if (compiled != null) {
            return compiled;
        }
        try {
            int flags = (caseless ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0)
                    | (newlines ? Pattern.MULTILINE : Pattern.DOTALL);
            compiled = Pattern.compile(translate(p, newlines), flags);
        } catch (PatternSyntaxException e) {
            throw new SqlException("2201B", "invalid regular expression: " + e.getDescription());
        }
        if (PATTERNS.size() >= CACHE) {
            PATTERNS.clear();
        }
        PATTERNS.put(key, compiled);
        return compiled;
    }

    /** PostgreSQL's pattern {@code p} as Java reads the same. */
    static String translate(String p, boolean newlines) {
        StringBuilder out = new StringBuilder(p.length() + 8);
        int i = 0;
        while (i < p.length()) {
            char c = p.charAt(i);
            if (c == '\\' && i + 1 < p.length()) {
                char n = p.charAt(i + 1);
                switch (n) {
                    case 'm' -> out.append("\\b(?=\\w)");
                    case 'M' -> out.append("\\b(?<=\\w)");
                    case 'y' -> out.append("\\b");
                    case 'Y' -> out.append("\\B");
                    case 'Z' -> out.append("\\z");
                    default -> out.append(c).append(n);
                }
                i += 2;
            } else if (c == '[') {
                i = bracket(p, i, out);
            } else if (c == '$' && !newlines) {
                out.append("\\z");
                i++;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** Copies the bracket expression at {@code open} as Java's, returning where it ends. */
    private static int bracket(String p, int open, StringBuilder out) {
        int i = open + 1;
        out.append('[');
        if (i < p.length() && p.charAt(i) == '^') {
            out.append('^');
            i++;
        }
        if (i < p.length() && p.charAt(i) == ']') {
            out.append("\\]");
            i++;
        }
        while (i < p.length()) {
            char c = p.charAt(i);
            if (c == ']') {
                out.append(']');
                return i + 1;
            }
            if (c == '[' && i + 1 < p.length() && p.charAt(i + 1) == ':') {
                int close = p.indexOf(":]", i + 2);
                if (close > 0) {
                    out.append(posixClass(p.substring(i + 2, close)));
                    i = close + 2;
                    continue;
                }
            }
            if (c == '\\' && i + 1 < p.length()) {
                out.append(c).append(p.charAt(i + 1));
                i += 2;
                continue;
            }
            if (c == '[' || c == '&') {
                out.append('\\');
            }
            out.append(c);
            i++;
        }
        return i; // unclosed: Java's error
    }

    private static String posixClass(String name) {
        return switch (name) {
            case "alpha" -> "\\p{IsAlphabetic}";
            case "digit" -> "\\p{IsDigit}";
            case "alnum" -> "\\p{IsAlphabetic}\\p{IsDigit}";
            case "upper" -> "\\p{IsUppercase}";
            case "lower" -> "\\p{IsLowercase}";
            case "space" -> "\\s";
            case "punct" -> "\\p{Punct}";
            case "xdigit" -> "\\p{XDigit}";
            case "blank" -> " \\t";
            case "cntrl" -> "\\p{Cntrl}";
            case "print" -> "\\p{Print}";
            case "graph" -> "\\p{Graph}";
            case "word" -> "\\w";
            default -> throw new SqlException("2201B", "invalid regular expression: invalid character class");
        };
    }
}
