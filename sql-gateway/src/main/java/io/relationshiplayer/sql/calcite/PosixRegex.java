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
 * the end of the text; {@code \b} is a backspace, {@code \B} a backslash and {@code \v} a vertical tab (Java: a word
 * boundary, not one, and any vertical space). The classes are PostgreSQL's in a UTF-8 database of locale C.UTF-8 (the
 * classes of the C library there): {@code \w} and {@code [[:alnum:]]} take letters and digits of every script,
 * {@code \d} and {@code [[:digit:]]} only 0 to 9, {@code [[:alpha:]]} also the digits of other scripts, {@code \s} the
 * Unicode spaces except the no-break ones and U+0085 (Java's {@code \w}, {@code \s} are ASCII only). A pattern Java
 * cannot compile is 2201B, {@code invalid regular expression: ...} with Java's description. Compiled patterns are kept
 * (at most {@value #CACHE} of them).
 */
public final class PosixRegex {
    private static final int CACHE = 256;
    /** The members of PostgreSQL's classes, as the inside of a Java bracket expression. */
    private static final String WORD = "\\p{IsAlphabetic}\\p{Nd}_";
    private static final String ALNUM = "\\p{IsAlphabetic}\\p{Nd}";
    private static final String ALPHA = "\\p{IsAlphabetic}[\\p{Nd}&&[^0-9]]";
    private static final String DIGIT = "0-9";
    private static final String SPACE = "[\\p{IsWhite_Space}&&[^\\u0085\\u00A0\\u2007\\u202F]]";
    /** A word character, and its absence, before and after the current place. */
    private static final String AFTER_WORD = "(?<=[" + WORD + "])";
    private static final String NOT_AFTER_WORD = "(?<![" + WORD + "])";
    private static final String BEFORE_WORD = "(?=[" + WORD + "])";
    private static final String NOT_BEFORE_WORD = "(?![" + WORD + "])";
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
        Flags f = Flags.of(flags);
        Matcher m = f.pattern(p).matcher(s);
        boolean global = f.global();
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

    /** A call's flags: {@code g} (every match), {@code i} / {@code c} (case), {@code n} / {@code m} / {@code s}. */
    record Flags(boolean global, boolean caseless, boolean newlines) {
        static Flags of(String flags) {
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
            return new Flags(global, caseless, newlines);
        }

        /** The flags of a function that takes no {@code g}: 22023 if they have it. */
        static Flags single(String flags, String function) {
            Flags f = of(flags);
            if (f.global) {
                throw new SqlException("22023", function + "() does not support the \"global\" option");
            }
            return f;
        }

        Pattern pattern(String p) {
            return PosixRegex.pattern(p, caseless, newlines);
        }
    }

    static Pattern pattern(String p, boolean caseless, boolean newlines) {
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
                    case 'm' -> out.append(NOT_AFTER_WORD).append(BEFORE_WORD);
                    case 'M' -> out.append(AFTER_WORD).append(NOT_BEFORE_WORD);
                    case 'y' -> out.append("(?:").append(NOT_AFTER_WORD).append(BEFORE_WORD).append('|')
                            .append(AFTER_WORD).append(NOT_BEFORE_WORD).append(')');
                    case 'Y' -> out.append("(?:").append(AFTER_WORD).append(BEFORE_WORD).append('|')
                            .append(NOT_AFTER_WORD).append(NOT_BEFORE_WORD).append(')');
                    case 'Z' -> out.append("\\z");
                    case 'w' -> out.append('[').append(WORD).append(']');
                    case 'W' -> out.append("[^").append(WORD).append(']');
                    case 'd' -> out.append('[').append(DIGIT).append(']');
                    case 'D' -> out.append("[^").append(DIGIT).append(']');
                    case 's' -> out.append('[').append(SPACE).append(']');
                    case 'S' -> out.append("[^").append(SPACE).append(']');
                    default -> out.append(entry(n));
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
                char n = p.charAt(i + 1);
                switch (n) {
                    case 'w' -> out.append(WORD);
                    case 'd' -> out.append(DIGIT);
                    case 's' -> out.append(SPACE);
                    default -> out.append(entry(n));
                }
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

    /** The escape {@code \\n} (not a class or constraint escape) as Java reads PostgreSQL's meaning of it. */
    private static String entry(char n) {
        return switch (n) {
            case 'b' -> "\\x08"; // backspace (Java: a word boundary)
            case 'B' -> "\\\\"; // a backslash (Java: not a word boundary)
            case 'v' -> "\\x0B"; // vertical tab (Java: any vertical space)
            default -> "\\" + n;
        };
    }

    private static String posixClass(String name) {
        return switch (name) {
            case "alpha" -> ALPHA;
            case "digit" -> DIGIT;
            case "alnum" -> ALNUM;
            case "upper" -> "\\p{IsUppercase}";
            case "lower" -> "\\p{IsLowercase}";
            case "space" -> SPACE;
            case "punct" -> "\\p{Punct}";
            case "xdigit" -> "\\p{XDigit}";
            case "blank" -> " \\t";
            case "cntrl" -> "\\p{Cntrl}";
            case "print" -> "\\p{Print}";
            case "graph" -> "\\p{Graph}";
            case "word" -> WORD;
            default -> throw new SqlException("2201B", "invalid regular expression: invalid character class");
        };
    }
}
