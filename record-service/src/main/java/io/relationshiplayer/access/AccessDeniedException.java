package io.relationshiplayer.access;

/**
 * A principal lacks the role a call needs on a database. The message names the principal, the role and the database
 * the caller sent, never whether that database exists.
 */
public final class AccessDeniedException extends RuntimeException {
    public AccessDeniedException(String principal, Role role, String database) {
        super("permission denied: " + principal + " has no " + role + " access to database '" + database + "'");
    }
}
