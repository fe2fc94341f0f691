package io.relationshiplayer.jdbc;

import io.relationshiplayer.client.ClientSecurity;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * A parsed {@code jdbc:rl://host:port/database?prop=value&...} URL with its properties: {@code ssl} (true: TLS),
 * {@code sslrootcert} (the CA file; default: the JVM's trust store), {@code token} (else the {@code password}
 * property, for tools that ask only for a user and a password; else the environment's {@code RL_TOKEN}), {@code fetchSize} (rows per batch; 0: the server's 500). Properties given to
 * {@code DriverManager} override those of the URL's query.
 */
record ConnectionUrl(@Nonnull String host, int port, @Nonnull String database, boolean ssl,
                     @Nullable String sslRootCert, @Nullable String token, int fetchSize) {
    static final String PREFIX = "jdbc:rl://";
    static final int DEFAULT_PORT = 7470;
    static final String DEFAULT_DATABASE = "default";

    static boolean accepts(@Nullable String url) {
        return url != null && url.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    }

    @Nonnull
    static ConnectionUrl parse(@Nonnull String url, @Nullable Properties info) throws SQLException {
        if (!accepts(url)) {
            throw new SQLException("not a Relationship Layer URL (jdbc:rl://host:port/database): " + url, "08001");
        }
        Properties props = new Properties();
        String rest = url.substring(PREFIX.length());
        int q = rest.indexOf('?');
        if (q >= 0) {
            for (String pair : rest.substring(q + 1).split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                String k = eq < 0 ? pair : pair.substring(0, eq);
                String v = eq < 0 ? "" : pair.substring(eq + 1);
                props.setProperty(decode(k), decode(v));
            }
            rest = rest.substring(0, q);
        }
        if (info != null) {
            for (Map.Entry<Object, Object> e : info.entrySet()) {
                if (e.getValue() != null) {
                    props.setProperty(String.valueOf(e.getKey()), String.valueOf(e.getValue()));
                }
            }
        }
        int slash = rest.indexOf('/');
        String hostPort = slash < 0 ? rest : rest.substring(0, slash);
        String database = slash < 0 ? "" : decode(rest.substring(slash + 1));
        if (database.endsWith("/")) {
            database = database.substring(0, database.length() - 1);
        }
        if (database.isEmpty()) {
            database = DEFAULT_DATABASE;
        }
        String host = hostPort;
        int port = DEFAULT_PORT;
        int colon = hostPort.lastIndexOf(':');
        if (hostPort.startsWith("[")) { // [::1]:7470
            int close = hostPort.indexOf(']');
            if (close < 0) {
                throw new SQLException("bad IPv6 host in " + url, "08001");
            }
            host = hostPort.substring(1, close);
            colon = hostPort.indexOf(':', close);
        } else if (colon >= 0) {
            host = hostPort.substring(0, colon);
        }
        if (colon >= 0) {
            try {
                port = Integer.parseInt(hostPort.substring(colon + 1));
            } catch (NumberFormatException e) {
                throw new SQLException("bad port in " + url, "08001", e);
            }
        }
        if (host.isEmpty()) {
            host = "127.0.0.1";
        }
        String token = props.getProperty("token");
        if (token == null || token.isBlank()) {
            token = props.getProperty("password"); // tools that ask only for a user and a password
        }
        if (token == null || token.isBlank()) {
            token = System.getenv(ClientSecurity.TOKEN_ENV);
        }
        int fetchSize;
        try {
            fetchSize = Integer.parseInt(props.getProperty("fetchSize", "0"));
        } catch (NumberFormatException e) {
            throw new SQLException("bad fetchSize: " + props.getProperty("fetchSize"), "08001", e);
        }
        String ca = props.getProperty("sslrootcert");
        boolean ssl = bool(props.getProperty("ssl")) || (ca != null && !ca.isBlank());
        return new ConnectionUrl(host, port, database, ssl, ca == null || ca.isBlank() ? null : ca,
                token == null || token.isBlank() ? null : token, fetchSize);
    }

    /** The channel's security: TLS with the CA (or the JVM's trust store), or plaintext; the bearer token. */
    @Nonnull
    ClientSecurity security() throws SQLException {
        try {
            return new ClientSecurity(ssl, sslRootCert == null ? null : Path.of(sslRootCert), null, null, token);
        } catch (IllegalArgumentException e) {
            throw new SQLException(e.getMessage(), "08001", e);
        }
    }

    @Nonnull
    String target() {
        return ClientSecurity.target(host, port);
    }

    /** The URL without its properties (never the token). */
    @Nonnull
    String display() {
        return PREFIX + target() + "/" + database;
    }

    private static boolean bool(@Nullable String v) {
        if (v == null) {
            return false;
        }
        String s = v.strip().toLowerCase(Locale.ROOT);
        return s.equals("true") || s.equals("1") || s.equals("yes") || s.equals("on") || s.equals("require")
                || s.equals("verify-full") || s.equals("verify-ca");
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return display();
    }
}
