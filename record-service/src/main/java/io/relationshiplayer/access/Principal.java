package io.relationshiplayer.access;

import java.util.Map;
import java.util.Objects;

/**
 * Who a call comes from, and its grants: a role per database name, {@code *} for every database. On a database a
 * principal has the higher of that database's grant and the {@code *} grant.
 */
public record Principal(String name, Map<String, Role> grants) {
    /** The database name of a grant on every database. */
    public static final String ANY_DATABASE = "*";
    /** The principal of a server without authentication (loopback only): every role on every database. */
    public static final Principal UNRESTRICTED = new Principal("anonymous", Map.of(ANY_DATABASE, Role.ADMIN));
    /** No grants at all: what a call without a principal gets. */
    public static final Principal NOBODY = new Principal("nobody", Map.of());

    public Principal {
        Objects.requireNonNull(name, "name is null");
        grants = Map.copyOf(grants);
    }

    /** Whether this principal has {@code role} (or a role that includes it) on {@code database}. */
    public boolean may(String database, Role role) {
        Role specific = grants.get(database);
        Role any = grants.get(ANY_DATABASE);
        return specific != null && specific.includes(role) || any != null && any.includes(role);
    }
}
