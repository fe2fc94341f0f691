package io.relationshiplayer.sql.ddl;

import javax.annotation.Nonnull;

/**
 * {@code CREATE DATABASE [IF NOT EXISTS] name} and {@code DROP DATABASE [IF EXISTS] name}: databases are the
 * service's namespaces (one catalog of tables each, and the record service's databases), made and removed from SQL as
 * in PostgreSQL. Names follow the DDL's identifier rules (an unquoted name is folded to lower case).
 *
 * @param create  CREATE, else DROP
 * @param name    the database
 * @param ifFlag  IF NOT EXISTS (CREATE) or IF EXISTS (DROP)
 */
public record DatabaseStatement(boolean create, @Nonnull String name, boolean ifFlag) {

    /** Whether {@code sql} is a CREATE DATABASE or DROP DATABASE statement (by its first two words). */
    public static boolean is(@Nonnull String sql) {
        DdlCursor c = new DdlCursor(sql);
        return (c.peek().is("create") || c.peek().is("drop")) && c.peek(1).is("database");
    }

    /** Parses the statement's text: syntax errors are 42601 with their position. */
    @Nonnull
    public static DatabaseStatement parse(@Nonnull String sql) {
        DdlCursor c = new DdlCursor(sql);
        boolean create = c.accept("create");
        if (!create) {
            c.expect("drop", "");
        }
        c.expect("database", "");
        boolean ifFlag = create ? c.ifNotExists() : c.ifExists();
        String name = c.identifier("a database name");
        c.acceptSymbol(";");
        DdlToken end = c.peek();
        if (end.type() != DdlToken.Type.END) {
            throw DdlCursor.error(end, null);
        }
        return new DatabaseStatement(create, name, ifFlag);
    }
}
