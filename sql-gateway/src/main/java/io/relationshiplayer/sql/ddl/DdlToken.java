package io.relationshiplayer.sql.ddl;

import java.util.Locale;

/**
 * A token of DDL text: its type, its value (an unquoted word folded to lower case, a quoted identifier or string with
 * its quotes removed, a number's digits), the text as written, and where it starts (1-based line and column, and the
 * 0-based offset in the text).
 */
record DdlToken(Type type, String value, String raw, int line, int column, int offset) {
    enum Type {
        /** An unquoted identifier or keyword; value folded to lower case. */
        WORD,
        /** A "double-quoted" identifier; value exact. */
        QUOTED,
        /** A 'string' literal; value unescaped. */
        STRING,
        /** Digits only. */
        INTEGER,
        /** A number with a fraction or an exponent. */
        NUMBER,
        /** Punctuation or an operator character. */
        SYMBOL,
        /** The end of the text. */
        END
    }

    /** Whether this is the unquoted keyword {@code keyword} (compared case-insensitively). */
    boolean is(String keyword) {
        return type == Type.WORD && value.equals(keyword.toLowerCase(Locale.ROOT));
    }

    boolean isSymbol(String symbol) {
        return type == Type.SYMBOL && value.equals(symbol);
    }

    /** The token as an error message names it: {@code at or near "X"}, or {@code at end of input}. */
    String near() {
        return type == Type.END ? "at end of input" : "at or near \"" + raw + "\"";
    }
}
