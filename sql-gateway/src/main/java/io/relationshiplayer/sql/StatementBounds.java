package io.relationshiplayer.sql;

/**
 * The cheap check every statement passes before any parser sees it: its size in UTF-8 bytes, and its depth, in one
 * pass over the text that skips string literals (dollar-quoted ones too), quoted identifiers and comments. The depth
 * at a point of the text is the number of parentheses open there plus, for each of them (and the statement itself), the
 * binary operators
 * ({@code + - * / % || = <> != < > <= >= ::}, {@code AND}, {@code OR}, {@code UNION}, {@code INTERSECT}, {@code EXCEPT})
 * seen since its last comma: a bound on how deep the parser, the validator and the planner will recurse on it, since
 * they build a chain of n operators as a tree n deep. Lists (VALUES rows, IN lists, select lists) do not add to it.
 * A statement past either bound fails with 54001 (statement too complex), naming the bound.
 *
 * @param maxBytes the longest statement text, in UTF-8 bytes
 * @param maxDepth the deepest nesting of parentheses and operator chains
 */
public record StatementBounds(int maxBytes, int maxDepth) {
    /** The flag names of the bounds (server options and messages). */
    public static final String MAX_STATEMENT_BYTES = "max-statement-bytes";
    public static final String MAX_STATEMENT_DEPTH = "max-statement-depth";

    /**
     * 512 KiB of text (some 30,000 rows of a VALUES list of literals, whose rows are data in the plan) and a depth of
     * 1,000 (an expression of a thousand terms, a WHERE clause of some 500 comparisons, nesting far past any written by
     * hand; a chain of 500,000 terms took minutes to parse, a few thousand nested
     * operators overflow a thread's stack while planning, and Calcite's simplifier takes seconds to minutes, in one
     * step no cancel stops, on an OR of one to a few thousand comparisons).
     */
    public static final StatementBounds DEFAULT = new StatementBounds(512 * 1024, 1_000);

    /** PostgreSQL's bound on the entries of a select list (its MaxTupleAttributeNumber). */
    public static final int MAX_TARGET_LIST = 1664;

    public StatementBounds {
        if (maxBytes <= 0) {
            throw new IllegalArgumentException(MAX_STATEMENT_BYTES + " must be positive: " + maxBytes);
        }
        if (maxDepth <= 0) {
            throw new IllegalArgumentException(MAX_STATEMENT_DEPTH + " must be positive: " + maxDepth);
        }
    }

    /** Fails with 54001 if {@code sql} passes a bound. Linear in the text, allocating nothing but a small array. */
    public void check(String sql) {
        int len = sql.length();
        if (len > maxBytes) {
            throw tooComplex(MAX_STATEMENT_BYTES, maxBytes, "it has more than " + maxBytes + " characters");
        }
        long bytes = utf8Length(sql);
        if (bytes > maxBytes) {
            throw tooComplex(MAX_STATEMENT_BYTES, maxBytes, "it has " + bytes + " bytes");
        }
        // chain[i]: operators since the last comma at parenthesis level i; total: parentheses open plus their sum
        int[] chain = new int[16];
        int level = 0;
        long total = 0;
        int i = 0;
        while (i < len) {
            char c = sql.charAt(i);
            int op = 0;
            switch (c) {
                case '\'':
                case '"':
                case '`':
                    i = StatementText.quotedEnd(sql, i, c);
                    continue;
                case '$':
                    if (DollarQuotes.tagEnd(sql, i) > 0) {
                        i = DollarQuotes.end(sql, i);
                        continue;
                    }
                    break;
                case '-':
                    if (i + 1 < len && sql.charAt(i + 1) == '-') {
                        while (i < len && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
                            i++;
                        }
                        continue;
                    }
                    op = 1;
                    break;
                case '/':
                    if (i + 1 < len && sql.charAt(i + 1) == '*') {
                        i = StatementText.blockCommentEnd(sql, i);
                        continue;
                    }
                    op = 1;
                    break;
                case '(':
                case '[':
                    level++;
                    if (level == chain.length) {
                        chain = java.util.Arrays.copyOf(chain, chain.length * 2);
                    }
                    chain[level] = 0;
                    total++;
                    break;
                case ')':
                case ']':
                    if (level > 0) {
                        total -= chain[level] + 1;
                        level--;
                    }
                    break;
                case ',':
                    total -= chain[level];
                    chain[level] = 0;
                    break;
                case '+':
                case '*':
                case '%':
                case '=':
                    op = 1;
                    break;
                case ':':
                    if (i + 1 < len && sql.charAt(i + 1) == ':') {
                        i++;
                        op = 1;
                    }
                    break;
                case '|':
                    if (i + 1 < len && sql.charAt(i + 1) == '|') {
                        i++;
                        op = 1;
                    }
                    break;
                case '<':
                case '>':
                case '!':
                    if (i + 1 < len && (sql.charAt(i + 1) == '=' || sql.charAt(i + 1) == '>')) {
                        i++;
                    }
                    op = 1;
                    break;
                default:
                    if (Character.isLetter(c) || c == '_') {
                        int start = i;
                        while (i < len && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_'
                                || sql.charAt(i) == '$')) {
                            i++;
                        }
                        if (isChainingKeyword(sql, start, i - start)) {
                            chain[level]++;
                            total++;
                            if (total > maxDepth) {
                                throw depth(sql, start);
                            }
                        }
                        continue;
                    }
                    break;
            }
            if (op > 0) {
                chain[level]++;
                total++;
            }
            if (total > maxDepth) {
                throw depth(sql, i);
            }
            i++;
        }
    }

    private SqlException depth(String sql, int at) {
        return tooComplex(MAX_STATEMENT_DEPTH, maxDepth, "its operators and parentheses nest more than " + maxDepth
                + " deep (at character " + (at + 1) + ")");
    }

    private static SqlException tooComplex(String bound, int value, String what) {
        return new SqlException(SqlException.STATEMENT_TOO_COMPLEX, "statement too complex: " + what + "; limit "
                + bound + "=" + value + " (split it into several statements, or pass long lists as parameters)");
    }

    private static boolean isChainingKeyword(String sql, int start, int n) {
        switch (n) {
            case 2:
                return sql.regionMatches(true, start, "OR", 0, 2);
            case 3:
                return sql.regionMatches(true, start, "AND", 0, 3);
            case 5:
                return sql.regionMatches(true, start, "UNION", 0, 5);
            case 6:
                return sql.regionMatches(true, start, "EXCEPT", 0, 6);
            case 9:
                return sql.regionMatches(true, start, "INTERSECT", 0, 9);
            default:
                return false;
        }
    }

    /** UTF-8 length of {@code s}: a lone surrogate counts as the 3 bytes of its replacement. */
    static long utf8Length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length()
                    && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }

    /**
     * Fails with 54011, as PostgreSQL does, when a select list has more than {@link #MAX_TARGET_LIST} columns: Calcite
     * validates and converts a select list in time quadratic in its length (8,000 items took 40 s).
     */
    static void refuseWideRow(int columns, org.apache.calcite.sql.SqlNodeList items) {
        if (columns > MAX_TARGET_LIST) {
            org.apache.calcite.sql.parser.SqlParserPos pos = items.getParserPosition();
            throw new SqlException(SqlException.TOO_MANY_COLUMNS, "target lists can have at most " + MAX_TARGET_LIST
                    + " entries", pos.getLineNum(), pos.getColumnNum(), null);
        }
    }

    /** As {@link #refuseWideRow}, before the stars are expanded (at the first item past the bound). */
    static void refuseLongTargetList(org.apache.calcite.sql.SqlNodeList items) {
        if (items.size() > MAX_TARGET_LIST) {
            org.apache.calcite.sql.parser.SqlParserPos pos = items.get(MAX_TARGET_LIST).getParserPosition();
            throw new SqlException(SqlException.TOO_MANY_COLUMNS, "target lists can have at most " + MAX_TARGET_LIST
                    + " entries", pos.getLineNum(), pos.getColumnNum(), null);
        }
    }
}
