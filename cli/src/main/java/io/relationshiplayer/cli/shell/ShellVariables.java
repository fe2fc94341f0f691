package io.relationshiplayer.cli.shell;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The shell's variables ({@code \set NAME VALUE}, <code>&#92;unset NAME</code>, {@code rl shell -v NAME=VALUE}) and their
 * interpolation into statements and command arguments as psql does it: {@code :NAME} as it is, {@code :'NAME'} as a
 * string literal, {@code :"NAME"} as a quoted identifier; not inside quotes or comments, not in a {@code ::} cast, and
 * an unknown name stays as written. {@code ON_ERROR_STOP} is one of them.
 */
final class ShellVariables {
    static final String ON_ERROR_STOP = "ON_ERROR_STOP";

    private final Map<String, String> values = new TreeMap<>();

    void set(String name, String value) {
        values.put(name, value);
    }

    void unset(String name) {
        values.remove(name);
    }

    Map<String, String> all() {
        return values;
    }

    /** Whether a variable is set to a true value, as psql reads booleans (on, true, yes, 1; any prefix of them). */
    boolean isOn(String name) {
        String v = values.get(name);
        if (v == null) {
            return false;
        }
        String s = v.strip().toLowerCase(Locale.ROOT);
        return !s.isEmpty() && ("on".equals(s) || "true".startsWith(s) || "yes".startsWith(s) || s.equals("1"));
    }

    /** {@code text} with its variable references replaced. */
    String interpolate(String text) {
        if (values.isEmpty() || text.indexOf(':') < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            int skip = skipQuoteOrComment(text, i);
            if (skip > i) {
                out.append(text, i, skip);
                i = skip;
            } else if (c == ':' && i + 1 < n && text.charAt(i + 1) == ':') {
                out.append("::");
                i += 2;
            } else if (c == ':' && i + 1 < n) {
                i = reference(text, i, out);
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** Appends the reference at {@code at} (a {@code :}) replaced, or the colon alone; returns where to go on. */
    private int reference(String text, int at, StringBuilder out) {
        char next = text.charAt(at + 1);
        if (next == '\'' || next == '"') {
            int close = text.indexOf(next, at + 2);
            String name = close < 0 ? null : text.substring(at + 2, close);
            if (name != null && isName(name) && values.containsKey(name)) {
                String v = values.get(name);
                out.append(next).append(v.replace(String.valueOf(next), String.valueOf(next) + next)).append(next);
                return close + 1;
            }
            out.append(':');
            return at + 1;
        }
        int end = at + 1;
        while (end < text.length() && isNameChar(text.charAt(end))) {
            end++;
        }
        String name = text.substring(at + 1, end);
        if (!name.isEmpty() && values.containsKey(name)) {
            out.append(values.get(name));
            return end;
        }
        out.append(':');
        return at + 1;
    }

    /** The index after the quote or comment starting at {@code i}, or {@code i} when none starts there. */
    private static int skipQuoteOrComment(String text, int i) {
        char c = text.charAt(i);
        int n = text.length();
        if (c == '\'' || c == '"') {
            int at = i + 1;
            while (true) {
                int close = text.indexOf(c, at);
                if (close < 0) {
                    return n;
                }
                if (close + 1 < n && text.charAt(close + 1) == c) {
                    at = close + 2;
                } else {
                    return close + 1;
                }
            }
        }
        if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
            int nl = text.indexOf('\n', i);
            return nl < 0 ? n : nl;
        }
        if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
            int close = text.indexOf("*/", i + 2);
            return close < 0 ? n : close + 2;
        }
        return i;
    }

    static boolean isName(String s) {
        return !s.isEmpty() && s.chars().allMatch(ch -> isNameChar((char) ch));
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }
}
