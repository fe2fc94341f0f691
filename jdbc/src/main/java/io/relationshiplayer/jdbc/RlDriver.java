package io.relationshiplayer.jdbc;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.annotation.Nullable;

/**
 * The JDBC driver of the Relationship Layer: {@code jdbc:rl://host:port/database} (port 7470 and database
 * {@code default} when left out) with the properties {@code ssl}, {@code sslrootcert}, {@code token} (else
 * {@code password}; else the environment's {@code RL_TOKEN}) and {@code fetchSize}. Registered with {@link DriverManager} when loaded, and found
 * through {@code META-INF/services/java.sql.Driver}.
 */
public final class RlDriver implements Driver {
    public static final int MAJOR_VERSION = 0;
    public static final int MINOR_VERSION = 1;

    static {
        try {
            DriverManager.registerDriver(new RlDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A connection for a {@code jdbc:rl:} URL; null for another driver's URL, as DriverManager expects. */
    @Override
    @Nullable
    public Connection connect(@Nullable String url, @Nullable Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null; // DriverManager asks every driver: another's URL is not ours to refuse
        }
        return RlConnection.open(ConnectionUrl.parse(url, info));
    }

    @Override
    public boolean acceptsURL(@Nullable String url) {
        return ConnectionUrl.accepts(url);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        DriverPropertyInfo ssl = new DriverPropertyInfo("ssl", info == null ? null : info.getProperty("ssl"));
        ssl.description = "true: TLS (the server's certificate checked against sslrootcert or the JVM's trust store)";
        ssl.choices = new String[] {"false", "true"};
        DriverPropertyInfo ca = new DriverPropertyInfo("sslrootcert", info == null ? null
                : info.getProperty("sslrootcert"));
        ca.description = "PEM file of the CA that signed the server's certificate (implies ssl)";
        DriverPropertyInfo token = new DriverPropertyInfo("token", null);
        token.description = "bearer token (else the password property; else the environment's RL_TOKEN)";
        DriverPropertyInfo fetch = new DriverPropertyInfo("fetchSize", info == null ? null
                : info.getProperty("fetchSize"));
        fetch.description = "rows per batch of results (0: the server's 500)";
        return new DriverPropertyInfo[] {ssl, ca, token, fetch};
    }

    @Override
    public int getMajorVersion() {
        return MAJOR_VERSION;
    }

    @Override
    public int getMinorVersion() {
        return MINOR_VERSION;
    }

    /** Not JDBC compliant in the spec's sense (no SQL-92 entry level in full: no information_schema, no views). */
    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("the driver does not log through java.util.logging");
    }
}
