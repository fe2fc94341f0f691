package io.relationshiplayer.access;

import io.relationshiplayer.errors.ErrorKind;
import javax.annotation.Nonnull;

/**
 * A principal lacks the role a call needs on a database. The message names the principal, the role and the database
 * the caller sent, never whether that database exists.
 */
public final class AccessDeniedException extends RuntimeException {
    public AccessDeniedException(String principal, Role role, String database) {
        super("permission denied: " + principal + " has no " + role + " access to database '" + database + "'");
    }

    /** What the failure means to the caller: {@link ErrorKind#PERMISSION_DENIED}. */
    @Nonnull
    public ErrorKind kind() {
        return ErrorKind.PERMISSION_DENIED;
    }
}
