package io.relationshiplayer.sql.ddl;

import io.relationshiplayer.sql.ddl.DdlToken.Type;
import javax.annotation.Nonnull;

/** SHOW CREATE TABLE name | SHOW CREATE VIEW name [;], a name possibly quoted or qualified by {@code public.}. */
public final class ShowCreateSyntax {
    /** What SHOW CREATE names: a view when {@code view}, else a table. */
    public record Target(boolean view, String name) {
    }

    private ShowCreateSyntax() {
    }

    /** Whether {@code sql} starts with SHOW CREATE. */
    public static boolean is(@Nonnull String sql) {
        DdlCursor c = new DdlCursor(sql);
        try {
            return c.accept("show") && c.peek().is("create");
        } catch (io.relationshiplayer.sql.SqlException e) {
            return false;
        }
    }

    @Nonnull
    public static Target parse(@Nonnull String sql) {
        DdlCursor c = new DdlCursor(sql);
        c.expect("show", "");
        c.expect("create", "after SHOW");
        DdlToken what = c.peek();
        boolean view = c.accept("view");
        if (!view && !c.accept("table")) {
            throw DdlCursor.error(what, "expected TABLE or VIEW after SHOW CREATE");
        }
        String name = c.identifier(view ? "a view name" : "a table name");
        if (name.equals("public") && c.acceptSymbol(".")) {
            name = c.identifier(view ? "a view name" : "a table name");
        }
        c.acceptSymbol(";");
        DdlToken end = c.peek();
        if (end.type() != Type.END) {
            throw DdlCursor.error(end, null);
        }
        return new Target(view, name);
    }
}
