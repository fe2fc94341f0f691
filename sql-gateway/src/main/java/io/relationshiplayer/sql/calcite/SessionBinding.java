package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.relationships.Catalog;
import io.relationshiplayer.relationships.Session;
import javax.annotation.Nullable;

/**
 * What the Calcite schema of one SQL session reads through: the relationship-layer session of the statement running
 * now (its transaction), and the catalog to plan against.
 */
public interface SessionBinding {
    /** The session of the statement being planned or executed. */
    Session current();

    /** Called by a plan before it writes rows: fails if the session may not write. */
    default void requireWrite() {
    }

    /**
     * The transactions the running statement reads in when it may outlive one (a read-only autocommit statement in
     * continuation mode), else null: it reads in {@link #current()}'s.
     */
    @Nullable
    default ReadSegments readSegments() {
        return null;
    }

    /** The rows the running statement keeps besides the store (RETURNING, ON CONFLICT), or null. */
    default StatementRows statementRows() {
        return null;
    }

    /** The catalog to plan against. */
    default Catalog catalog() {
        return current().catalog();
    }
}
