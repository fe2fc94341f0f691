package io.relationshiplayer.sql.ddl;

import io.relationshiplayer.sql.SqlException;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * PostgreSQL's joined UPDATE and DELETE, which Calcite's parser does not have: {@code UPDATE t [[AS] alias] SET ...
 * FROM from_list [WHERE ...]} and {@code DELETE FROM t [[AS] alias] USING from_list [WHERE ...]}. The statement is cut
 * in three texts of the same length as it, each with the rest blanked (line breaks kept), so that every token keeps
 * its position: the statement without the list and the condition, the list as a query ({@code SELECT *} written at the
 * verb, the list's keyword as {@code FROM}), and the condition. Each is parsed as it is, in the text's order, so
 * that the {@code ?} markers are numbered as they are written. The keywords are found with the DDL lexer, at the
 * statement's top level (not in parentheses), passing over literals, comments and quoted names; {@code IS DISTINCT
 * FROM} in a SET expression is no FROM list. {@code EXPLAIN PLAN FOR} before the statement stays in its part.
 *
 * @param update    UPDATE ... FROM rather than DELETE ... USING
 * @param statement the statement without the list (and its keyword) and the condition (and WHERE)
 * @param fromList  {@code SELECT * FROM list} where the keyword and the list are written, the rest blank
 * @param where     the condition where it is written, the rest blank; null without WHERE
 * @param keyword   the offset of FROM or USING
 * @param fromParam the number of {@code ?} markers before the list (the first of the list's, numbered from 0)
 * @param whereParam the number of {@code ?} markers before the condition
 */
public record DmlJoinSyntax(boolean update, @Nonnull String statement, @Nonnull String fromList,
                            @Nullable String where, int keyword, int fromParam, int whereParam) {
    /** The parts of {@code sql} when it is a joined UPDATE or DELETE, or null (any other text, or one not lexed). */
    @Nullable
    public static DmlJoinSyntax find(@Nonnull String sql) {
        try {
            return new Finder(sql).find();
        } catch (RuntimeException e) {
            return null; // an unterminated literal or the like: the statement's own parse reports it
        }
    }

    /**
     * Refuses a bare {@code *} in the RETURNING list {@code [start, end)} of a joined statement (0A000 at it):
     * PostgreSQL's would return the list's columns too, and RETURNING here has only the target's ({@code t.*}).
     */
    public static void refuseBareStar(@Nonnull String sql, int start, int end) {
        DdlCursor c = new DdlCursor(sql);
        while (c.peek().type() != DdlToken.Type.END && c.peek().offset() < start) {
            c.next();
        }
        int depth = 0;
        boolean itemStart = true;
        while (c.peek().type() != DdlToken.Type.END && c.peek().offset() < end) {
            DdlToken t = c.next();
            DdlToken after = c.peek();
            if (depth == 0 && itemStart && t.isSymbol("*") && (after.type() == DdlToken.Type.END
                    || after.offset() >= end || after.isSymbol(","))) {
                throw DdlCursor.error(SqlException.FEATURE_NOT_SUPPORTED, t, "RETURNING * of an UPDATE ... FROM or "
                        + "DELETE ... USING is not supported (it would return the joined tables' columns too): name "
                        + "the target's columns, or write target.*");
            }
            depth += t.isSymbol("(") ? 1 : t.isSymbol(")") ? -1 : 0;
            itemStart = depth == 0 && t.isSymbol(",");
        }
    }

    private static final class Finder {
        private final String sql;
        private final DdlCursor c;
        private int params;

        Finder(String sql) {
            this.sql = sql;
            this.c = new DdlCursor(sql);
        }

        DmlJoinSyntax find() {
            DdlToken verb = c.next();
            if (verb.is("explain") && c.peek().is("plan") && c.peek(1).is("for")) {
                c.next(); // EXPLAIN's text for Calcite, EXPLAIN PLAN FOR statement: kept in the statement's part
                c.next();
                verb = c.next();
            }
            boolean update = verb.is("update");
            if (!update && !(verb.is("delete") && c.accept("from"))) {
                return null;
            }
            DdlToken keyword = null;
            int depth = 0;
            DdlToken before = verb;
            while (true) {
                DdlToken t = c.peek();
                if (atEnd(t, depth) || depth == 0 && (t.is("where") || t.is("returning"))) {
                    return null;
                }
                if (depth == 0 && (update ? t.is("from") && !before.is("distinct") : t.is("using"))) {
                    keyword = c.next();
                    break;
                }
                depth += t.isSymbol("(") ? 1 : t.isSymbol(")") ? -1 : 0;
                params += t.isSymbol("?") ? 1 : 0;
                before = c.next();
            }
            int fromParam = params;
            DdlToken first = c.peek();
            int listEnd = skipTo(true);
            if (c.peek() == first) {
                // no list: the query keeps the token after the keyword, where its parse fails as PostgreSQL's does
                listEnd = first.offset() + first.raw().length();
            }
            int whereParam = params;
            Integer whereAt = null;
            int whereEnd = listEnd;
            if (c.peek().is("where")) {
                whereAt = c.next().offset();
                whereEnd = skipTo(false);
            }
            char[] statement = sql.toCharArray();
            blank(statement, keyword.offset(), whereEnd);
            char[] from = sql.toCharArray();
            blank(from, 0, keyword.offset());
            blank(from, listEnd, from.length);
            "SELECT".getChars(0, 6, from, verb.offset()); // UPDATE and DELETE are as long
            int star = verb.offset() + 6;
            while (from[star] == '\n' || from[star] == '\r') {
                star++; // the table's name is before the keyword: a place on a line
            }
            from[star] = '*';
            blank(from, keyword.offset(), keyword.offset() + keyword.raw().length());
            "FROM".getChars(0, 4, from, keyword.offset());
            String where = null;
            if (whereAt != null) {
                char[] w = sql.toCharArray();
                blank(w, 0, whereAt + "where".length());
                blank(w, whereEnd, w.length);
                where = new String(w);
            }
            return new DmlJoinSyntax(update, new String(statement), new String(from), where, keyword.offset(),
                    fromParam, whereParam);
        }

        /** Passes over tokens to a top-level WHERE (with {@code toWhere}), RETURNING or the end; returns its offset. */
        private int skipTo(boolean toWhere) {
            int depth = 0;
            while (true) {
                DdlToken t = c.peek();
                if (atEnd(t, depth) || depth == 0 && (toWhere && t.is("where") || t.is("returning"))) {
                    return t.offset();
                }
                depth += t.isSymbol("(") ? 1 : t.isSymbol(")") ? -1 : 0;
                params += t.isSymbol("?") ? 1 : 0;
                c.next();
            }
        }

        /** The end of the statement: the end of the text, or a last semicolon. */
        private boolean atEnd(DdlToken t, int depth) {
            return t.type() == DdlToken.Type.END || (depth == 0 && t.isSymbol(";") && c.peek(1).type()
                    == DdlToken.Type.END);
        }
    }

    /** Blanks {@code [from, to)} of {@code text}, keeping its line breaks (and so every position after it). */
    private static void blank(char[] text, int from, int to) {
        for (int i = from; i < to; i++) {
            if (text[i] != '\n' && text[i] != '\r') {
                text[i] = ' ';
            }
        }
    }
}
