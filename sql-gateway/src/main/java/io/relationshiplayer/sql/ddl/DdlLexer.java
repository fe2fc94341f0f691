package io.relationshiplayer.sql.ddl;

import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.ddl.DdlToken.Type;
import java.util.Objects;

/**
 * Splits DDL text into tokens on demand, as PostgreSQL's scanner does: unquoted words folded to lower case (ASCII
 * letters only), "quoted" identifiers kept exact ({@code ""} is a quote), 'strings' ({@code ''} is a quote), numbers,
 * single-character symbols; whitespace, {@code --} line comments and nested {@code /* *}{@code /} comments skipped.
 * Positions are 1-based lines and columns counted in characters; a line ends at LF, CRLF or CR.
 */
final class DdlLexer {
    private final String text;
    private int pos;
    private int line = 1;
    private int lineStart;

    DdlLexer(String text) {
        this.text = Objects.requireNonNull(text, "text is null");
    }

    String text() {
        return text;
    }

    /** The text from {@code from} (inclusive) to {@code to} (exclusive), as written. */
    String text(int from, int to) {
        return text.substring(from, to);
    }

    /** The next token; {@link Type#END} (repeatedly) at the end of the text. */
    DdlToken next() {
        skipBlanks();
        int start = pos;
        int startLine = line;
        int startColumn = column(start);
        if (pos >= text.length()) {
            return new DdlToken(Type.END, "", "", startLine, startColumn, start);
        }
        char c = text.charAt(pos);
        if (c == '\'') {
            String value = quoted('\'', "unterminated quoted string", start, startLine, startColumn);
            return new DdlToken(Type.STRING, value, text.substring(start, pos), startLine, startColumn, start);
        }
        if (c == '"') {
            String value = quoted('"', "unterminated quoted identifier", start, startLine, startColumn);
            if (value.isEmpty()) {
                throw SqlException.syntax("zero-length delimited identifier at or near \"\"\"\"", startLine,
                        startColumn);
            }
            return new DdlToken(Type.QUOTED, value, text.substring(start, pos), startLine, startColumn, start);
        }
        if (isIdentifierStart(c)) {
            pos++;
            while (pos < text.length() && isIdentifierPart(text.charAt(pos))) {
                pos++;
            }
            String raw = text.substring(start, pos);
            return new DdlToken(Type.WORD, foldAscii(raw), raw, startLine, startColumn, start);
        }
        if (isDigit(c) || (c == '.' && pos + 1 < text.length() && isDigit(text.charAt(pos + 1)))) {
            return number(start, startLine, startColumn);
        }
        pos++;
        return new DdlToken(Type.SYMBOL, String.valueOf(c), String.valueOf(c), startLine, startColumn, start);
    }

    private DdlToken number(int start, int startLine, int startColumn) {
        boolean fraction = false;
        digits();
        if (pos < text.length() && text.charAt(pos) == '.') {
            fraction = true;
            pos++;
            digits();
        }
        if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
            int mark = pos;
            pos++;
            if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
                pos++;
            }
            if (pos < text.length() && isDigit(text.charAt(pos))) {
                fraction = true;
                digits();
            } else {
                pos = mark;
            }
        }
        String raw = text.substring(start, pos);
        return new DdlToken(fraction ? Type.NUMBER : Type.INTEGER, raw, raw, startLine, startColumn, start);
    }

    private void digits() {
        while (pos < text.length() && isDigit(text.charAt(pos))) {
            pos++;
        }
    }

    /** The body of a quoted token starting at {@code pos}, a doubled quote standing for one. */
    private String quoted(char quote, String unterminated, int start, int startLine, int startColumn) {
        StringBuilder value = new StringBuilder();
        pos++;
        while (true) {
            if (pos >= text.length()) {
                throw SqlException.syntax(unterminated + " at or near \"" + text.substring(start) + "\"", startLine,
                        startColumn);
            }
            char c = text.charAt(pos);
            if (c == quote) {
                if (pos + 1 < text.length() && text.charAt(pos + 1) == quote) {
                    value.append(quote);
                    pos += 2;
                    continue;
                }
                pos++;
                return value.toString();
            }
            advance();
            value.append(c);
        }
    }

    private void skipBlanks() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (Character.isWhitespace(c)) {
                advance();
            } else if (c == '-' && pos + 1 < text.length() && text.charAt(pos + 1) == '-') {
                while (pos < text.length() && text.charAt(pos) != '\n' && text.charAt(pos) != '\r') {
                    pos++;
                }
            } else if (c == '/' && pos + 1 < text.length() && text.charAt(pos + 1) == '*') {
                blockComment();
            } else {
                return;
            }
        }
    }

    /** A block comment; PostgreSQL nests them. */
    private void blockComment() {
        int start = pos;
        int startLine = line;
        int startColumn = column(start);
        int depth = 0;
        while (pos < text.length()) {
            if (text.startsWith("/*", pos)) {
                depth++;
                pos += 2;
            } else if (text.startsWith("*/", pos)) {
                depth--;
                pos += 2;
                if (depth == 0) {
                    return;
                }
            } else {
                advance();
            }
        }
        throw SqlException.syntax("unterminated /* comment at or near \"" + text.substring(start) + "\"", startLine,
                startColumn);
    }

    /** Moves past one character, counting line ends (CRLF is one). */
    private void advance() {
        char c = text.charAt(pos++);
        if (c == '\n' || (c == '\r' && (pos >= text.length() || text.charAt(pos) != '\n'))) {
            line++;
            lineStart = pos;
        }
    }

    /**
     * The 1-based column of {@code offset} in UTF-16 chars, as Calcite's parser counts every other statement's (a
     * character beyond the BMP counts two): the clients turn a line and column into PostgreSQL's character offset
     * with that one rule.
     */
    private int column(int offset) {
        return offset - lineStart + 1;
    }

    private static boolean isIdentifierStart(char c) {
        // As in PostgreSQL, every non-ASCII character may be part of an identifier.
        return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= 128 && !Character.isWhitespace(c));
    }

    private static boolean isIdentifierPart(char c) {
        return isIdentifierStart(c) || isDigit(c) || c == '$';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** PostgreSQL folds unquoted identifiers' ASCII letters only. */
    private static String foldAscii(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            b.append(c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c);
        }
        return b.toString();
    }
}
