package io.relationshiplayer.sql;

import javax.annotation.Nonnull;

/**
 * Whether a session's principal may run what a statement does, asked where it is done: before DDL runs, and when a
 * DML plan writes rows. So authorization follows what is executed, not a reading of the statement's text. Refusal is
 * a {@link SqlException} with SQLSTATE 42501.
 */
@FunctionalInterface
public interface StatementGate {
    /** Lets everything through (sessions without authentication). */
    StatementGate OPEN = access -> { };

    /** Throws SQLSTATE 42501 unless the statement may do {@code access}. */
    void require(@Nonnull StatementAccess access);

    /**
     * Throws SQLSTATE 42501 unless the session's principal may create or drop the database {@code name} (the admin
     * role on it, as the record service's CreateDatabase and DropDatabase ask). By default: schema changes on the
     * session's own database, which a gate that knows its principal's grants refines.
     */
    default void requireAdminOf(@Nonnull String name) {
        require(StatementAccess.SCHEMA);
    }
}
