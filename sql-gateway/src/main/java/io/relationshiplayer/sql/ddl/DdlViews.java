package io.relationshiplayer.sql.ddl;

import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.ddl.DdlStatement.CreateView;
import io.relationshiplayer.sql.ddl.DdlStatement.DropView;
import io.relationshiplayer.sql.ddl.DdlToken.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * The view statements of the DDL grammar: CREATE [OR REPLACE] VIEW name [(column, ...)] AS query, whose query is kept
 * as written (the SQL engine reads it), and DROP VIEW [IF EXISTS] name, ... [CASCADE | RESTRICT].
 */
final class DdlViews {
    private DdlViews() {
    }

    /** After CREATE [OR REPLACE] VIEW: the rest of the statement. */
    static CreateView create(DdlCursor c, boolean orReplace) {
        String name = c.identifier("a view name");
        List<String> columns = new ArrayList<>();
        if (c.acceptSymbol("(")) {
            do {
                columns.add(c.identifier("a column name"));
            } while (c.acceptSymbol(","));
            c.expectSymbol(")", "or \",\" in the column list of view " + name);
        }
        c.expect("as", "and the view's query after CREATE VIEW " + name);
        DdlToken first = c.peek();
        if (first.type() == Type.END || first.isSymbol(";")) {
            throw DdlCursor.error(first, "expected the view's query after AS");
        }
        // The query runs to the end of the statement (a final ";" left out); the SQL engine parses it.
        List<DdlToken> tail = new ArrayList<>();
        int end = c.text().length();
        for (DdlToken t = c.next(); t.type() != Type.END; t = c.next()) {
            if (t.isSymbol(";") && c.peek().type() == Type.END) {
                end = t.offset();
                break;
            }
            tail.add(t);
            if (tail.size() > 4) {
                tail.remove(0);
            }
        }
        refuseCheckOption(tail);
        String query = c.text().substring(first.offset(), end).strip();
        return new CreateView(name, columns, query, first.line(), first.column(), orReplace);
    }

    /** WITH [CASCADED | LOCAL] CHECK OPTION constrains writes through a view, and views are read-only here. */
    private static void refuseCheckOption(List<DdlToken> tail) {
        int n = tail.size();
        if (n >= 3 && tail.get(n - 1).is("option") && tail.get(n - 2).is("check")) {
            DdlToken with = tail.get(n - 3).is("with") ? tail.get(n - 3)
                    : n >= 4 && tail.get(n - 4).is("with") ? tail.get(n - 4) : null;
            if (with != null) {
                throw DdlCursor.error(SqlException.FEATURE_NOT_SUPPORTED, with, "WITH CHECK OPTION is not supported: "
                        + "views are read-only");
            }
        }
    }

    /** After DROP VIEW: [IF EXISTS] name, ... [CASCADE | RESTRICT]. */
    static DropView drop(DdlCursor c) {
        boolean ifExists = c.ifExists();
        List<String> views = new ArrayList<>();
        do {
            views.add(c.identifier("a view name"));
        } while (c.acceptSymbol(","));
        boolean cascade = c.accept("cascade");
        if (!cascade) {
            c.accept("restrict");
        }
        return new DropView(views, ifExists, cascade);
    }
}
