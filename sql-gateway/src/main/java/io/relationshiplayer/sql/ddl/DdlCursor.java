package io.relationshiplayer.sql.ddl;

import io.relationshiplayer.sql.PostgresKeywords;
import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.ddl.DdlToken.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * The parser's position in the token stream, with look-ahead, keyword matching and errors that name the offending
 * token and its position in PostgreSQL's words ({@code syntax error at or near "X"}, {@code at end of input}).
 */
final class DdlCursor {
    private final DdlLexer lexer;
    private final List<DdlToken> ahead = new ArrayList<>();

    DdlCursor(String text) {
        this.lexer = new DdlLexer(text);
    }

    /** The text being parsed. */
    String text() {
        return lexer.text();
    }

    DdlToken peek() {
        return peek(0);
    }

    /** The token {@code k} places ahead of the current one. */
    DdlToken peek(int k) {
        while (ahead.size() <= k) {
            ahead.add(lexer.next());
        }
        return ahead.get(k);
    }

    DdlToken next() {
        DdlToken t = peek();
        ahead.remove(0);
        return t;
    }

    /** The statement's text from offset {@code from} (inclusive) to {@code to} (exclusive), as written. */
    String text(int from, int to) {
        return lexer.text(from, to);
    }

    /** Consumes the keyword if it is next. */
    boolean accept(String keyword) {
        if (peek().is(keyword)) {
            next();
            return true;
        }
        return false;
    }

    boolean acceptSymbol(String symbol) {
        if (peek().isSymbol(symbol)) {
            next();
            return true;
        }
        return false;
    }

    /** Consumes the keyword, or fails with {@code expected KEYWORD <context>}. */
    DdlToken expect(String keyword, String context) {
        if (!peek().is(keyword)) {
            throw error(peek(), "expected " + keyword.toUpperCase(java.util.Locale.ROOT) + " " + context);
        }
        return next();
    }

    /** Consumes the symbol, or fails with {@code expected "(" <context>}. */
    DdlToken expectSymbol(String symbol, String context) {
        if (!peek().isSymbol(symbol)) {
            throw error(peek(), "expected \"" + symbol + "\" " + context);
        }
        return next();
    }

    /** A name: an unquoted word that PostgreSQL does not reserve ({@link PostgresKeywords}), or a quoted identifier. */
    String identifier(String what) {
        DdlToken t = peek();
        if (t.type() == Type.QUOTED || (t.type() == Type.WORD && !PostgresKeywords.isReserved(t.value()))) {
            return next().value();
        }
        throw error(t, "expected " + what);
    }

    /** Whether the next token can be a name. */
    boolean atIdentifier() {
        DdlToken t = peek();
        return t.type() == Type.QUOTED || (t.type() == Type.WORD && !PostgresKeywords.isReserved(t.value()));
    }

    /** [IF NOT EXISTS] */
    boolean ifNotExists() {
        if (peek().is("if") && peek(1).is("not")) {
            next();
            next();
            expect("exists", "after IF NOT");
            return true;
        }
        return false;
    }

    /** [IF EXISTS] */
    boolean ifExists() {
        if (peek().is("if") && peek(1).is("exists")) {
            next();
            next();
            return true;
        }
        return false;
    }

    /** A syntax error (42601) at {@code t}: {@code syntax error at or near "X"}, then {@code : detail} if given. */
    static SqlException error(DdlToken t, String detail) {
        return SqlException.syntax("syntax error " + t.near() + (detail == null ? "" : ": " + detail), t.line(),
                t.column());
    }

    /** An error of another SQLSTATE at {@code t}. */
    static SqlException error(String sqlState, DdlToken t, String message) {
        return new SqlException(sqlState, message, t.line(), t.column(), null);
    }
}
