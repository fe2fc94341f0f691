package io.relationshiplayer.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * The grammar of SET, RESET and SHOW as PostgreSQL's parser checks it, before their names and values are read: a
 * statement that stops early ({@code SET}, {@code SET x}, {@code SET x =}, {@code RESET}, {@code SHOW}) is 42601
 * {@code syntax error at end of input} at the end of the text, a word where none may be ({@code SET x = 1 2},
 * {@code SHOW x y}) {@code syntax error at or near "2"} at it, and a number run into a word ({@code SET x = 1s})
 * {@code trailing junk after numeric literal}. The forms this does not know (SET TRANSACTION, SET SESSION
 * CHARACTERISTICS, SET ROLE, ...) are left to the statement's own reading.
 */
final class SetSyntax {
    /** A token of the text: its text, where it starts, and what it is. */
    private record Token(String text, int start, char kind) {
        static final char WORD = 'w';
        static final char NUMBER = 'n';
        static final char STRING = 's';
        static final char OTHER = 'o';

        boolean is(String word) {
            return kind == WORD && text.equalsIgnoreCase(word);
        }
    }

    private final String sql;
    private final List<Token> tokens;
    private int next;

    private SetSyntax(String sql) {
        this.sql = sql;
        this.tokens = tokens(sql);
    }

    /** 42601 at the position PostgreSQL gives, if the SET or RESET statement {@code sql} is not in its grammar. */
    static void checkSet(String sql) {
        SetSyntax s = new SetSyntax(sql);
        if (s.tokens.isEmpty()) {
            return;
        }
        s.next = 1;
        if (s.tokens.get(0).is("RESET")) {
            s.resetOrShowName();
        } else if (s.tokens.get(0).is("SET")) {
            s.set();
        }
    }

    /** 42601 at the position PostgreSQL gives, if the SHOW statement {@code sql} is not in its grammar. */
    static void checkShow(String sql) {
        SetSyntax s = new SetSyntax(sql);
        if (s.tokens.isEmpty() || !s.tokens.get(0).is("SHOW")) {
            return;
        }
        s.next = 1;
        s.resetOrShowName();
    }

    /** RESET's and SHOW's: ALL, TIME ZONE, TRANSACTION ISOLATION LEVEL, SESSION AUTHORIZATION or a name, then no more. */
    private void resetOrShowName() {
        Token t = take();
        if (t.is("TIME")) {
            expectWord("ZONE");
        } else if (t.is("TRANSACTION")) {
            expectWord("ISOLATION");
            expectWord("LEVEL");
        } else if (t.is("SESSION") && peekIs("AUTHORIZATION")) {
            take();
        } else {
            name(t);
        }
        end();
    }

    private void set() {
        if (peekIs("SESSION") && next + 1 < tokens.size() && tokens.get(next + 1).is("CHARACTERISTICS")) {
            return;
        }
        if (peekIs("LOCAL") || peekIs("SESSION")) {
            next++;
        }
        Token t = take();
        if (t.is("TRANSACTION") || t.is("NAMES") || t.is("ROLE") || t.is("SCHEMA") || t.is("CATALOG")
                || t.is("XML") || t.is("SESSION")) {
            return; // forms read elsewhere
        }
        if (t.is("TIME") && peekIs("ZONE")) {
            next++;
            value();
            end();
            return;
        }
        name(t);
        Token op = take();
        if (op.is("FROM")) {
            return; // SET x FROM CURRENT: read elsewhere
        }
        if (!op.is("TO") && !op.text().equals("=")) {
            throw near(op);
        }
        value();
        while (next < tokens.size() && tokens.get(next).text().equals(",")) {
            next++;
            value();
        }
        end();
    }

    /** A parameter's name: a word, or words joined by dots. */
    private void name(Token first) {
        if (first.kind() != Token.WORD) {
            throw near(first);
        }
        while (next < tokens.size() && tokens.get(next).text().equals(".")) {
            next++;
            Token part = take();
            if (part.kind() != Token.WORD) {
                throw near(part);
            }
        }
    }

    /** A value: a word, a quoted string, or a number with an optional sign. */
    private void value() {
        Token t = take();
        if (t.text().equals("+") || t.text().equals("-")) {
            t = take();
            if (t.kind() != Token.NUMBER) {
                throw near(t);
            }
            return;
        }
        if (t.kind() == Token.OTHER) {
            throw near(t);
        }
    }

    private void expectWord(String word) {
        Token t = take();
        if (!t.is(word)) {
            throw near(t);
        }
    }

    private boolean peekIs(String word) {
        return next < tokens.size() && tokens.get(next).is(word);
    }

    /** The next token; the end of the text is 42601 at end of input. */
    private Token take() {
        if (next >= tokens.size()) {
            throw atEnd();
        }
        return tokens.get(next++);
    }

    private void end() {
        if (next < tokens.size()) {
            throw near(tokens.get(next));
        }
    }

    private SqlException near(Token t) {
        int[] at = position(sql, t.start());
        return SqlException.syntax("syntax error at or near \"" + t.text() + "\"", at[0], at[1]);
    }

    private SqlException atEnd() {
        int[] at = position(sql, sql.length());
        return SqlException.syntax("syntax error at end of input", at[0], at[1]);
    }

    /** The 1-based line and column of {@code offset} in {@code text}. */
    private static int[] position(String text, int offset) {
        return DollarQuotes.position(text, offset);
    }

    /** The tokens of {@code sql}, comments and whitespace skipped; a statement-ending semicolon ends them. */
    private static List<Token> tokens(String sql) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        int len = sql.length();
        while ((i = StatementText.skipBlank(sql, i)) < len) {
            char c = sql.charAt(i);
            if (c == '\'' || (c == 'E' || c == 'e') && i + 1 < len && sql.charAt(i + 1) == '\'') {
                int start = i;
                i = StatementText.quotedEnd(sql, c == '\'' ? i : i + 1, '\'');
                out.add(new Token(sql.substring(start, i), start, Token.STRING));
            } else if (c == '"') {
                int start = i;
                i = StatementText.quotedEnd(sql, i, '"');
                out.add(new Token(sql.substring(start, i), start, Token.WORD));
            } else if (Character.isDigit(c) || c == '.' && i + 1 < len && Character.isDigit(sql.charAt(i + 1))) {
                int start = i;
                i = numberEnd(sql, i);
                if (i < len && (Character.isLetter(sql.charAt(i)) || sql.charAt(i) == '_')) {
                    int junk = i;
                    while (junk < len && (Character.isLetterOrDigit(sql.charAt(junk)) || sql.charAt(junk) == '_')) {
                        junk++;
                    }
                    int[] at = position(sql, start);
                    throw SqlException.syntax("trailing junk after numeric literal at or near \""
                            + sql.substring(start, junk) + "\"", at[0], at[1]);
                }
                out.add(new Token(sql.substring(start, i), start, Token.NUMBER));
            } else if (Character.isLetter(c) || c == '_') {
                int start = i;
                while (i < len && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_'
                        || sql.charAt(i) == '$')) {
                    i++;
                }
                out.add(new Token(sql.substring(start, i), start, Token.WORD));
            } else if (c == ';' && sql.substring(i + 1).isBlank()) {
                break;
            } else {
                out.add(new Token(String.valueOf(c), i, Token.OTHER));
                i++;
            }
        }
        return out;
    }

    /** The end of the number starting at {@code i}: digits, a fraction, an exponent. */
    private static int numberEnd(String sql, int i) {
        int len = sql.length();
        while (i < len && Character.isDigit(sql.charAt(i))) {
            i++;
        }
        if (i < len && sql.charAt(i) == '.') {
            i++;
            while (i < len && Character.isDigit(sql.charAt(i))) {
                i++;
            }
        }
        if (i < len && (sql.charAt(i) == 'e' || sql.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < len && (sql.charAt(j) == '+' || sql.charAt(j) == '-')) {
                j++;
            }
            if (j < len && Character.isDigit(sql.charAt(j))) {
                i = j;
                while (i < len && Character.isDigit(sql.charAt(i))) {
                    i++;
                }
            }
        }
        return i;
    }
}
