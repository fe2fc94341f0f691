package io.relationshiplayer.sql.ddl;

import io.relationshiplayer.sql.SqlException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * The clauses of INSERT, UPDATE and DELETE that Calcite's parser does not have, as PostgreSQL writes them:
 * {@code INSERT INTO t [AS alias] ... [ON CONFLICT ...] [RETURNING ...]}, {@code UPDATE t [[AS] alias] ... [RETURNING
 * ...]} and {@code DELETE FROM t [[AS] alias] ... [RETURNING ...]}. They are found with the DDL lexer (so that literals,
 * comments and quoted names are passed over) and blanked out of the statement, which Calcite then plans as it is;
 * the session runs them around it. The clauses' parts are offsets in the text, so that errors in them keep their
 * positions, and the {@code ?} markers are counted per part, so that the parameters can be shared out.
 *
 * @param statement  the statement with the clauses (and an INSERT's alias) blanked: same length and line breaks
 * @param table      the target table's name, as written (the last part of a qualified name)
 * @param alias      the target's alias, or null
 * @param parameters the {@code ?} markers of {@code statement}
 * @param onConflict the ON CONFLICT clause of an INSERT, or null
 * @param returning  the RETURNING clause, or null
 */
public record DmlClauses(@Nonnull String statement, @Nonnull String table, @Nullable String alias, int parameters,
                         @Nullable OnConflict onConflict, @Nullable Returning returning) {

    /** A part of the text: {@code [start, end)} offsets. */
    public record Span(int start, int end) {
    }

    /** A name where it is written (1-based line and column). */
    public record Name(@Nonnull String name, int line, int column) {
    }

    /** {@code RETURNING list}: the list's span and its {@code ?} markers. */
    public record Returning(@Nonnull Span list, int parameters) {
    }

    /** {@code col = expression} of ON CONFLICT DO UPDATE SET. */
    public record Assignment(@Nonnull Name column, @Nonnull Span expression) {
    }

    /**
     * {@code ON CONFLICT [(columns) | ON CONSTRAINT name] DO NOTHING | DO UPDATE SET ... [WHERE ...]}.
     *
     * @param columns    the conflict target's columns (empty when not given)
     * @param constraint the constraint named by ON CONSTRAINT, or null
     * @param doUpdate   DO UPDATE rather than DO NOTHING
     * @param set        DO UPDATE's assignments
     * @param where      DO UPDATE's condition, or null
     * @param parameters the {@code ?} markers of the assignments and the condition, in this order
     */
    public record OnConflict(@Nonnull List<Name> columns, @Nullable Name constraint, boolean doUpdate,
                             @Nonnull List<Assignment> set, @Nullable Span where, int parameters) {
    }

    /** Whether {@code sql} (an INSERT, UPDATE or DELETE) may have one of the clauses: a quick test before parsing. */
    public static boolean mayHave(@Nonnull String sql) {
        for (int i = 0; i < sql.length(); i++) {
            if (sql.regionMatches(true, i, "returning", 0, 9) || sql.regionMatches(true, i, "conflict", 0, 8)) {
                return true;
            }
        }
        return false;
    }

    /** The clauses of an INSERT, UPDATE or DELETE statement, or null when it has neither. */
    @Nullable
    public static DmlClauses parse(@Nonnull String sql) {
        return new Parser(sql).parse();
    }

    private static final class Parser {
        private final String sql;
        private final DdlCursor c;
        private final char[] blanked;
        private int parameters;

        Parser(String sql) {
            this.sql = sql;
            this.c = new DdlCursor(sql);
            this.blanked = sql.toCharArray();
        }

        DmlClauses parse() {
            DdlToken verb = c.next();
            boolean insert = verb.is("insert");
            String alias = null;
            if (insert) {
                c.expect("into", "after INSERT");
            } else if (verb.is("delete")) {
                c.expect("from", "after DELETE");
            } else if (!verb.is("update")) {
                return null;
            }
            if (!insert) {
                c.accept("only");
            }
            String table = c.identifier("a table name");
            while (c.acceptSymbol(".")) {
                table = c.identifier("a table name");
            }
            if (c.peek().is("as")) {
                DdlToken as = c.next();
                alias = c.identifier("an alias");
                if (insert) {
                    blank(as.offset(), c.peek().offset()); // Calcite's INSERT has no alias
                }
            } else if (!insert && c.atIdentifier() && !c.peek().is("set")) {
                alias = c.identifier("an alias");
            }
            OnConflict onConflict = null;
            Returning returning = null;
            int depth = 0;
            while (true) {
                DdlToken t = c.peek();
                if (atEnd(t, depth)) {
                    break;
                }
                if (depth == 0 && t.is("returning")) {
                    returning = returning();
                    break;
                }
                if (insert && depth == 0 && t.is("on") && c.peek(1).is("conflict") && startsTarget(c.peek(2))) {
                    onConflict = onConflict();
                    continue;
                }
                depth += t.isSymbol("(") ? 1 : t.isSymbol(")") ? -1 : 0;
                parameters += t.isSymbol("?") ? 1 : 0;
                c.next();
            }
            if (onConflict == null && returning == null) {
                return null;
            }
            return new DmlClauses(new String(blanked), table, alias, parameters, onConflict, returning);
        }

        private static boolean startsTarget(DdlToken t) {
            return t.isSymbol("(") || t.is("do") || t.is("on");
        }

        /** The end of the statement: the end of the text, or a last semicolon. */
        private boolean atEnd(DdlToken t, int depth) {
            return t.type() == DdlToken.Type.END || (depth == 0 && t.isSymbol(";") && c.peek(1).type()
                    == DdlToken.Type.END);
        }

        private Returning returning() {
            DdlToken keyword = c.next();
            DdlToken first = c.peek();
            if (atEnd(first, 0)) {
                throw DdlCursor.error(first, null);
            }
            int[] markers = new int[1];
            Span list = new Span(first.offset(), skipTo(markers, false));
            blank(keyword.offset(), list.end());
            return new Returning(list, markers[0]);
        }

        /**
         * Passes over tokens up to the end of the statement (or, with {@code stopAtClause}, a top-level comma, WHERE or
         * RETURNING), counting {@code ?} markers into {@code markers[0]}; returns the offset where it stopped.
         */
        private int skipTo(int[] markers, boolean stopAtClause) {
            int depth = 0;
            while (true) {
                DdlToken t = c.peek();
                if (atEnd(t, depth) || (stopAtClause && depth == 0 && (t.isSymbol(",") || t.is("where")
                        || t.is("returning")))) {
                    return t.offset();
                }
                depth += t.isSymbol("(") ? 1 : t.isSymbol(")") ? -1 : 0;
                markers[0] += t.isSymbol("?") ? 1 : 0;
                c.next();
            }
        }

        private OnConflict onConflict() {
            DdlToken on = c.next();
            c.next(); // CONFLICT
            List<Name> columns = new ArrayList<>();
            Name constraint = null;
            if (c.acceptSymbol("(")) {
                do {
                    columns.add(name("a column name"));
                } while (c.acceptSymbol(","));
                c.expectSymbol(")", "after the ON CONFLICT columns");
                if (c.peek().is("where")) {
                    throw DdlCursor.error(SqlException.FEATURE_NOT_SUPPORTED, c.peek(), "ON CONFLICT with an index "
                            + "predicate (WHERE) is not supported");
                }
            } else if (c.accept("on")) {
                c.expect("constraint", "after ON CONFLICT ON");
                constraint = name("a constraint name");
            }
            c.expect("do", "in ON CONFLICT");
            boolean doUpdate = false;
            List<Assignment> set = new ArrayList<>();
            Span where = null;
            int[] markers = new int[1];
            if (!c.accept("nothing")) {
                DdlToken update = c.expect("update", "or NOTHING after ON CONFLICT DO");
                doUpdate = true;
                if (columns.isEmpty() && constraint == null) {
                    throw SqlException.syntax("ON CONFLICT DO UPDATE requires inference specification or constraint "
                            + "name", on.line(), on.column());
                }
                c.expect("set", "after " + update.raw());
                Set<String> assigned = new HashSet<>();
                do {
                    if (c.peek().isSymbol("(")) {
                        throw DdlCursor.error(SqlException.FEATURE_NOT_SUPPORTED, c.peek(), "multiple-column "
                                + "assignments in ON CONFLICT DO UPDATE are not supported");
                    }
                    Name column = name("a column name");
                    if (!assigned.add(column.name())) {
                        throw new SqlException(SqlException.SYNTAX_ERROR, "multiple assignments to same column \""
                                + column.name() + "\"");
                    }
                    c.expectSymbol("=", "after the column name");
                    set.add(new Assignment(column, expression(markers)));
                } while (c.acceptSymbol(","));
                if (c.accept("where")) {
                    where = expression(markers);
                }
            }
            blank(on.offset(), c.peek().offset());
            return new OnConflict(List.copyOf(columns), constraint, doUpdate, List.copyOf(set), where, markers[0]);
        }

        private Span expression(int[] markers) {
            DdlToken first = c.peek();
            int end = skipTo(markers, true);
            if (end == first.offset()) {
                throw DdlCursor.error(first, null);
            }
            return new Span(first.offset(), end);
        }

        private Name name(String what) {
            DdlToken t = c.peek();
            return new Name(c.identifier(what), t.line(), t.column());
        }

        /** Blanks {@code [from, to)} of the statement, keeping its line breaks (and so every position after it). */
        private void blank(int from, int to) {
            for (int i = from; i < to; i++) {
                if (blanked[i] != '\n' && blanked[i] != '\r') {
                    blanked[i] = ' ';
                }
            }
        }
    }
}
