package io.relationshiplayer.sql;

import javax.annotation.Nonnull;

/**
 * What a statement does to its database, for authorization: it only reads (queries, EXPLAIN, SHOW, DESCRIBE,
 * transaction control, SET), it writes rows (INSERT, UPDATE, DELETE) or it changes the schema (DDL). Each
 * {@link StatementKind} says which.
 */
public enum StatementAccess {
    READ, WRITE, SCHEMA;

    /** The access {@code sql} needs ({@link StatementKind#access()}); an empty statement reads (a syntax error). */
    @Nonnull
    public static StatementAccess of(@Nonnull String sql) {
        return StatementKind.of(sql).access();
    }
}
