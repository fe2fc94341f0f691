package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import java.util.regex.Matcher;

/**
 * PostgreSQL 15's regexp_count, regexp_instr, regexp_like and regexp_substr, on {@link PosixRegex}'s patterns.
 * Positions count characters from 1 (code points, as PostgreSQL's in UTF-8); a start past the end finds nothing.
 * Each overload is one of PostgreSQL's optional trailing arguments; a NULL argument gives NULL. Invalid arguments are
 * PostgreSQL's 22023 with its words. Called from generated code with every argument ({@code RegexCalls} in the SQL
 * gateway fills in the defaults of those the statement left out).
 */
public final class RegexFunctions {
    private RegexFunctions() {
    }

    /** How many matches of {@code p} in {@code s} from character {@code start}, one after another. */
    public static Integer regexpCount(String s, String p, Integer start, String flags) {
        if (s == null || p == null || start == null || flags == null) {
            return null;
        }
        Matcher m = matcher(s, p, start, PosixRegex.Flags.single(flags, "regexp_count"));
        int n = 0;
        while (m != null && m.find()) {
            n++;
        }
        return n;
    }

    /** Whether {@code p} matches somewhere in {@code s}. */
    public static Boolean regexpLike(String s, String p, String flags) {
        if (s == null || p == null || flags == null) {
            return null;
        }
        return PosixRegex.Flags.single(flags, "regexp_like").pattern(p).matcher(s).find();
    }

    /**
     * Where the {@code n}-th match from character {@code start} begins (or, with a non-zero {@code endOption}, the
     * character after it ends), of the whole match or of its group {@code subexpr}; 0 if there is none.
     */
    public static Integer regexpInstr(String s, String p, Integer start, Integer n, Integer endOption, String flags,
                                      Integer subexpr) {
        if (s == null || p == null || start == null || n == null || endOption == null || flags == null
                || subexpr == null) {
            return null;
        }
        PosixRegex.Flags f = PosixRegex.Flags.single(flags, "regexp_instr");
        positive("start", start);
        positive("n", n);
        notNegative("endoption", endOption);
        notNegative("subexpr", subexpr);
        Matcher m = nth(matcher(s, p, start, f), n);
        if (m == null || subexpr > m.groupCount() || m.start(subexpr) < 0) {
            return 0;
        }
        int at = endOption == 0 ? m.start(subexpr) : m.end(subexpr);
        return s.codePointCount(0, at) + 1;
    }

    /** The {@code n}-th match from character {@code start}, or its group {@code subexpr}; NULL if there is none. */
    public static String regexpSubstr(String s, String p, Integer start, Integer n, String flags, Integer subexpr) {
        if (s == null || p == null || start == null || n == null || flags == null || subexpr == null) {
            return null;
        }
        PosixRegex.Flags f = PosixRegex.Flags.single(flags, "regexp_substr");
        positive("start", start);
        positive("n", n);
        notNegative("subexpr", subexpr);
        Matcher m = nth(matcher(s, p, start, f), n);
        return m == null || subexpr > m.groupCount() ? null : m.group(subexpr);
    }

    /** A matcher of {@code s} from character {@code start} (1 is the first); null when start is past the end. */
    private static Matcher matcher(String s, String p, int start, PosixRegex.Flags f) {
        positive("start", start);
        Matcher m = f.pattern(p).matcher(s);
        int from = 0;
        for (int i = 1; i < start; i++) {
            if (from >= s.length()) {
                return null;
            }
            from = s.offsetByCodePoints(from, 1);
        }
        return m.region(from, s.length()).useTransparentBounds(true).useAnchoringBounds(false);
    }

    /** {@code m} at its {@code n}-th match, or null. */
    private static Matcher nth(Matcher m, int n) {
        if (m == null) {
            return null;
        }
        for (int i = 0; i < n; i++) {
            if (!m.find()) {
                return null;
            }
        }
        return m;
    }

    private static void positive(String parameter, int value) {
        if (value <= 0) {
            throw invalid(parameter, value);
        }
    }

    private static void notNegative(String parameter, int value) {
        if (value < 0) {
            throw invalid(parameter, value);
        }
    }

    private static SqlException invalid(String parameter, int value) {
        return new SqlException("22023", "invalid value for parameter \"" + parameter + "\": " + value);
    }
}
