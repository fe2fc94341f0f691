package io.relationshiplayer.cli.copy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A COPY statement or psql's {@code \copy} command, parsed: {@code COPY table [(col, ...)] FROM 'file' | STDIN} or
 * {@code COPY table [(col, ...)] | (query) TO 'file' | STDOUT}, then the options in either of PostgreSQL's forms,
 * {@code [WITH] (FORMAT csv, HEADER true, DELIMITER ',', NULL '', QUOTE '"', ESCAPE '"')} or the older
 * {@code [WITH] [DELIMITER [AS] ','] [NULL [AS] ''] [CSV [HEADER] [QUOTE [AS] '"'] [ESCAPE [AS] '"']]}. Names are
 * kept as written (quotes included) for the statements the client runs; {@code \copy} also takes an unquoted file
 * name and psql's {@code pstdin} / {@code pstdout}.
 */
public record CopyStatement(String table, List<String> columns, String query, boolean from, Target target,
        String file, CopyOptions options) {
    /** Where the data comes from or goes to. */
    public enum Target { STDIN, STDOUT, PSTDIN, PSTDOUT, FILE }

    /** The relation as PostgreSQL names it in a CONTEXT line: without quotes. */
    public String relation() {
        return table == null ? "" : table.replace("\"", "");
    }

    /** Whether {@code sql} is a COPY statement (its first word, after blanks and comments). */
    public static boolean isCopy(String sql) {
        Tokens t = new Tokens(sql);
        Token first = t.next();
        return first != null && first.is("COPY");
    }

    /** Parses a COPY statement ({@code meta} false) or the arguments of {@code \copy} ({@code meta} true). */
    public static CopyStatement parse(String text, boolean meta) {
        Tokens t = new Tokens(text);
        if (!meta) {
            t.expect("COPY");
        }
        String table = null;
        String query = null;
        List<String> columns = new ArrayList<>();
        Token first = t.peek();
        if (first == null) {
            throw CopyException.syntax(meta ? "\\copy: arguments required" : "syntax error at end of input",
                    text.length());
        }
        if (first.kind == Kind.OPEN) {
            query = t.parenthesized();
        } else {
            table = t.name("a table name");
            if (t.peekKind(Kind.OPEN)) {
                t.next();
                do {
                    columns.add(t.name("a column name"));
                } while (t.accept(Kind.COMMA));
                t.expect(Kind.CLOSE);
            }
        }
        Token direction = t.next();
        if (direction == null || !direction.is("FROM") && !direction.is("TO")) {
            throw t.unexpected(direction);
        }
        boolean from = direction.is("FROM");
        if (from && query != null) {
            throw CopyException.syntax("syntax error at or near \"FROM\"", direction.start);
        }
        Token where = t.next();
        Target target;
        String file = null;
        if (where == null) {
            throw t.unexpected(null);
        } else if (where.kind == Kind.STRING) {
            target = Target.FILE;
            file = where.text;
        } else if (where.is(from ? "STDIN" : "STDOUT")) {
            target = from ? Target.STDIN : Target.STDOUT;
        } else if (meta && where.is(from ? "PSTDIN" : "PSTDOUT")) {
            target = from ? Target.PSTDIN : Target.PSTDOUT;
        } else if (where.is("PROGRAM")) {
            throw CopyException.unsupported("COPY " + (from ? "FROM" : "TO") + " PROGRAM is not supported: "
                    + "the client runs no programs");
        } else if (meta && where.kind == Kind.WORD) {
            target = Target.FILE;
            file = where.text;
        } else {
            throw t.unexpected(where);
        }
        CopyOptions options = new OptionParser(t).parse();
        Token rest = t.next();
        if (rest != null) {
            if (rest.is("WHERE")) {
                throw CopyException.unsupported("COPY FROM ... WHERE is not supported");
            }
            throw t.unexpected(rest);
        }
        return new CopyStatement(table, List.copyOf(columns), query, from, target, file, options);
    }

    /** Both forms of the options. */
    private static final class OptionParser {
        private final Tokens t;
        private boolean csv;
        private Boolean header;
        private Character delimiter;
        private String nullString;
        private Character quote;
        private Character escape;

        OptionParser(Tokens t) {
            this.t = t;
        }

        CopyOptions parse() {
            t.accept("WITH");
            if (t.peekKind(Kind.OPEN)) {
                t.next();
                do {
                    option();
                } while (t.accept(Kind.COMMA));
                t.expect(Kind.CLOSE);
            } else {
                while (t.peek() != null && !t.peek().is("WHERE")) {
                    legacy();
                }
            }
            return CopyOptions.of(csv, header, delimiter, nullString, quote, escape);
        }

        /** One option of the parenthesized list: NAME [value]. */
        private void option() {
            Token name = t.next();
            if (name == null || name.kind != Kind.WORD) {
                throw t.unexpected(name);
            }
            String option = name.text.toLowerCase(Locale.ROOT);
            switch (option) {
                case "format" -> {
                    Token f = t.next();
                    String format = f == null ? "" : f.text.toLowerCase(Locale.ROOT);
                    if (format.equals("binary")) {
                        throw CopyException.unsupported("COPY format \"binary\" is not supported: use csv or text");
                    }
                    if (!format.equals("csv") && !format.equals("text")) {
                        throw new CopyException("22023", "COPY format \"" + format + "\" not recognized");
                    }
                    csv = format.equals("csv");
                }
                case "header" -> {
                    Token v = t.peek();
                    if (v == null || v.kind == Kind.COMMA || v.kind == Kind.CLOSE) {
                        header = true;
                    } else {
                        t.next();
                        header = bool(v);
                    }
                }
                case "delimiter" -> delimiter = character("DELIMITER", t.string("DELIMITER"));
                case "null" -> nullString = t.string("NULL");
                case "quote" -> quote = character("quote", t.string("QUOTE"));
                case "escape" -> escape = character("escape", t.string("ESCAPE"));
                case "encoding" -> {
                    String e = t.string("ENCODING").toUpperCase(Locale.ROOT).replace("-", "");
                    if (!e.equals("UTF8")) {
                        throw CopyException.unsupported("COPY encoding " + e + " is not supported: data is UTF-8");
                    }
                }
                case "freeze", "force_quote", "force_not_null", "force_null" -> throw CopyException.unsupported(
                        "COPY option " + option + " is not supported");
                default -> throw new CopyException("42601", "option \"" + option + "\" not recognized",
                        name.start, "");
            }
        }

        /** One option of the older form: BINARY, DELIMITER [AS] 'c', NULL [AS] 's', CSV, HEADER, QUOTE, ESCAPE. */
        private void legacy() {
            Token w = t.next();
            String word = w.kind == Kind.WORD ? w.text.toUpperCase(Locale.ROOT) : "";
            switch (word) {
                case "BINARY" -> throw CopyException.unsupported("COPY format \"binary\" is not supported: use "
                        + "csv or text");
                case "CSV" -> csv = true;
                case "HEADER" -> header = true;
                case "DELIMITER" -> delimiter = character("DELIMITER", as("DELIMITER"));
                case "NULL" -> nullString = as("NULL");
                case "QUOTE" -> quote = character("quote", as("QUOTE"));
                case "ESCAPE" -> escape = character("escape", as("ESCAPE"));
                case "FORCE" -> throw CopyException.unsupported("COPY FORCE options are not supported");
                default -> throw t.unexpected(w);
            }
        }

        private String as(String option) {
            t.accept("AS");
            return t.string(option);
        }

        private static char character(String what, String value) {
            if (value.length() != 1) {
                throw new CopyException(what.equals("DELIMITER") ? "22023" : "22023", "COPY " + what.toLowerCase(
                        Locale.ROOT) + " must be a single one-byte character");
            }
            return value.charAt(0);
        }

        private static boolean bool(Token v) {
            String s = v.text.toLowerCase(Locale.ROOT);
            if (List.of("true", "on", "1").contains(s)) {
                return true;
            }
            if (List.of("false", "off", "0").contains(s)) {
                return false;
            }
            if (s.equals("match")) {
                throw CopyException.unsupported("COPY HEADER MATCH is not supported");
            }
            throw new CopyException("22023", "header requires a Boolean value");
        }
    }

    enum Kind { WORD, STRING, OPEN, CLOSE, COMMA }

    /** A token: a word (a name with its quotes, a keyword, an unquoted file name), a string's value, ( ) or ,. */
    record Token(Kind kind, String text, int start) {
        boolean is(String keyword) {
            return kind == Kind.WORD && text.equalsIgnoreCase(keyword);
        }
    }

    /** The statement's tokens, blanks and comments skipped; a trailing ; ends them. */
    static final class Tokens {
        private final String s;
        private int at;
        private Token peeked;

        Tokens(String s) {
            this.s = s;
        }

        Token peek() {
            if (peeked == null) {
                peeked = read();
            }
            return peeked;
        }

        boolean peekKind(Kind kind) {
            Token p = peek();
            return p != null && p.kind == kind;
        }

        Token next() {
            Token p = peek();
            peeked = null;
            return p;
        }

        boolean accept(Kind kind) {
            if (peekKind(kind)) {
                next();
                return true;
            }
            return false;
        }

        boolean accept(String keyword) {
            Token p = peek();
            if (p != null && p.is(keyword)) {
                next();
                return true;
            }
            return false;
        }

        void expect(String keyword) {
            Token n = next();
            if (n == null || !n.is(keyword)) {
                throw unexpected(n);
            }
        }

        void expect(Kind kind) {
            Token n = next();
            if (n == null || n.kind != kind) {
                throw unexpected(n);
            }
        }

        String name(String what) {
            Token n = next();
            if (n == null || n.kind != Kind.WORD) {
                throw unexpected(n);
            }
            return n.text;
        }

        String string(String option) {
            Token n = next();
            if (n == null || n.kind != Kind.STRING) {
                throw unexpected(n);
            }
            return n.text;
        }

        /** The text between a ( and its matching ), quotes and comments respected; the ) is consumed. */
        String parenthesized() {
            Token open = next();
            int depth = 1;
            int from = open.start + 1;
            while (true) {
                Token n = next();
                if (n == null) {
                    throw CopyException.syntax("syntax error at end of input", s.length());
                }
                if (n.kind == Kind.OPEN) {
                    depth++;
                } else if (n.kind == Kind.CLOSE && --depth == 0) {
                    return s.substring(from, n.start).strip();
                }
            }
        }

        CopyException unexpected(Token t) {
            if (t == null) {
                return CopyException.syntax("syntax error at end of input", s.length());
            }
            String shown = t.kind == Kind.STRING ? s.substring(t.start, Math.min(s.length(), end(t))) : t.text;
            return CopyException.syntax("syntax error at or near \"" + shown + "\"", t.start);
        }

        private int end(Token t) {
            int i = t.start + 1;
            while (i < s.length()) {
                if (s.charAt(i) == '\'' && (i + 1 >= s.length() || s.charAt(i + 1) != '\'')) {
                    return i + 1;
                }
                i += s.charAt(i) == '\'' ? 2 : 1;
            }
            return s.length();
        }

        private Token read() {
            skipBlanks();
            if (at >= s.length() || s.charAt(at) == ';' && s.substring(at + 1).isBlank()) {
                at = s.length();
                return null;
            }
            int start = at;
            char c = s.charAt(at);
            switch (c) {
                case '(' -> {
                    at++;
                    return new Token(Kind.OPEN, "(", start);
                }
                case ')' -> {
                    at++;
                    return new Token(Kind.CLOSE, ")", start);
                }
                case ',' -> {
                    at++;
                    return new Token(Kind.COMMA, ",", start);
                }
                case '\'' -> {
                    StringBuilder b = new StringBuilder();
                    at++;
                    while (true) {
                        if (at >= s.length()) {
                            throw CopyException.syntax("unterminated quoted string at or near \""
                                    + s.substring(start) + "\"", start);
                        }
                        char q = s.charAt(at++);
                        if (q == '\'') {
                            if (at < s.length() && s.charAt(at) == '\'') {
                                b.append('\'');
                                at++;
                            } else {
                                return new Token(Kind.STRING, b.toString(), start);
                            }
                        } else {
                            b.append(q);
                        }
                    }
                }
                default -> {
                    // a word: a run of anything else, "quoted" parts included (public."My Table", /tmp/a.csv)
                    while (at < s.length()) {
                        char w = s.charAt(at);
                        if (w == '"') {
                            int close = s.indexOf('"', at + 1);
                            while (close >= 0 && close + 1 < s.length() && s.charAt(close + 1) == '"') {
                                close = s.indexOf('"', close + 2);
                            }
                            if (close < 0) {
                                throw CopyException.syntax("unterminated quoted identifier at or near \""
                                        + s.substring(at) + "\"", at);
                            }
                            at = close + 1;
                        } else if (Character.isWhitespace(w) || "(),;'".indexOf(w) >= 0) {
                            break;
                        } else {
                            at++;
                        }
                    }
                    if (at == start) { // a ; in the middle
                        at++;
                        return new Token(Kind.WORD, ";", start);
                    }
                    return new Token(Kind.WORD, s.substring(start, at), start);
                }
            }
        }

        private void skipBlanks() {
            while (at < s.length()) {
                if (Character.isWhitespace(s.charAt(at))) {
                    at++;
                } else if (s.startsWith("--", at)) {
                    int nl = s.indexOf('\n', at);
                    at = nl < 0 ? s.length() : nl + 1;
                } else if (s.startsWith("/*", at)) {
                    int close = s.indexOf("*/", at + 2);
                    at = close < 0 ? s.length() : close + 2;
                } else {
                    return;
                }
            }
        }
    }
}
