package io.relationshiplayer.cli.shell;

/**
 * What {@code \conninfo} tells of the shell's connection: the server, the database, whether TLS protects it and whether
 * a bearer token authenticates it (the token's name and roles are known to the server only), and whether the server
 * runs in this process.
 */
public record ConnectionInfo(String address, String database, boolean tls, boolean token, boolean local) {
    /** The same connection, on {@code other} database (after \c). */
    ConnectionInfo on(String other) {
        return new ConnectionInfo(address, other, tls, token, local);
    }

    /** The line psql's {@code \conninfo} would print. */
    String describe() {
        return "You are connected to database \"" + database + "\" at " + address
                + (local ? " (a server in this process on the memory backend)" : "")
                + (tls ? " over TLS" : " over plaintext (no TLS)")
                + (token ? ", with a bearer token." : ", without a token.");
    }
}
