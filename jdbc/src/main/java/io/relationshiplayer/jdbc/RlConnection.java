package io.relationshiplayer.jdbc;

import io.grpc.ManagedChannel;
import io.relationshiplayer.client.ClientException;
import io.relationshiplayer.client.RecordClient;
import io.relationshiplayer.client.ServerUnreachableException;
import io.relationshiplayer.client.SqlClient;
import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.client.TransactionFlags;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * One server session (rl.v1.SqlService) on one database: statements run one at a time; a statement started while
 * another's result is still open reads the rest of that result into memory first. Autocommit is on (each statement
 * its own transaction); with it off the first statement after connect, commit or rollback carries BEGIN (folded into
 * its call), except DDL, which then commits on its own (inside an open transaction it is part of it). Transactions are
 * serializable.
 */
final class RlConnection extends UnsupportedConnection {
    /** Statements that never open a transaction implicitly: DDL and the transaction statements themselves. */
    private static final Pattern NO_IMPLICIT_BEGIN = Pattern.compile(
            "^\\s*(?:(?:--[^\\n]*(?:\\n|$)|/\\*.*?\\*/)\\s*)*(?:CREATE|DROP|ALTER|BEGIN|START|COMMIT|ROLLBACK|END"
                    + "|ABORT|SHOW|DESCRIBE|EXPLAIN|SET|RESET)\\b", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    private final ConnectionUrl url;
    private final ManagedChannel channel;
    private final SqlClient client;
    private SqlSession session;
    private final List<RlStatement> statements = new ArrayList<>();
    @Nullable
    private RlResultSet active;
    private boolean autoCommit = true;
    /** Whether an explicit transaction is (or may be) open: BEGIN was sent and no COMMIT or ROLLBACK since. */
    private boolean txOpen;
    private boolean readOnly;
    private volatile boolean closed;
    private SQLWarning warnings;
    private final Properties clientInfo = new Properties();
    private int networkTimeoutMillis;

    private RlConnection(ConnectionUrl url, ManagedChannel channel, SqlClient client, SqlSession session) {
        this.url = url;
        this.channel = channel;
        this.client = client;
        this.session = session;
    }

    /** Connects and opens a session; an unreachable server fails at once (08001), never after a wait. */
    @Nonnull
    static RlConnection open(@Nonnull ConnectionUrl url) throws SQLException {
        ManagedChannel channel = url.security().channelBuilder(url.target())
                .maxInboundMessageSize(SqlClient.MAX_INBOUND_BYTES).build();
        SqlClient client = SqlClient.over(channel, url.target(), SqlClient.Options.DEFAULTS
                .withFetchSize(Math.max(0, url.fetchSize())));
        try {
            return new RlConnection(url, channel, client, client.openSession(url.database()));
        } catch (ServerUnreachableException e) {
            channel.shutdownNow();
            throw new SQLNonTransientConnectionException(e.getMessage(), "08001", e);
        } catch (ClientException e) {
            channel.shutdownNow();
            throw SqlErrors.of(e, false);
        }
    }

    ConnectionUrl url() {
        return url;
    }

    SqlSession session() throws SQLException {
        checkOpen();
        return session;
    }

    RecordClient records() {
        return RecordClient.over(channel, url.target());
    }

    void checkOpen() throws SQLException {
        if (closed) {
            throw SqlErrors.closed("connection");
        }
    }

    /** Before a call: the session must be free, so an open result is read into memory. */
    void beforeCall() throws SQLException {
        checkOpen();
        if (active != null) {
            RlResultSet r = active;
            active = null;
            r.detach();
        }
    }

    void streaming(RlResultSet result) {
        active = result;
    }

    void resultClosed(RlResultSet result) {
        if (active == result) {
            active = null;
        }
    }

    /** BEGIN folded into the statement when autocommit is off and no transaction is open (never for DDL). */
    TransactionFlags flagsFor(String sql) {
        if (autoCommit || txOpen || session.inTransaction() || NO_IMPLICIT_BEGIN.matcher(sql).find()) {
            return TransactionFlags.NONE;
        }
        txOpen = true;
        return TransactionFlags.BEGIN;
    }

    /** Before a batch (which cannot carry BEGIN through the client library): BEGIN when autocommit is off. */
    void beginIfNeeded(StatementCall call) throws SQLException {
        if (!autoCommit && !txOpen && !session.inTransaction()) {
            txOpen = true;
            call.run(() -> session.update("BEGIN"));
        }
    }

    /** A statement ended: the session reports whether it is in a transaction. */
    void statementEnded() {
        txOpen = session.inTransaction();
    }

    private boolean inTransaction() {
        return txOpen || session.inTransaction();
    }

    /** COMMIT or ROLLBACK; an open result is closed (cancelled) first: cursors close at commit. */
    private void end(String command) throws SQLException {
        checkOpen();
        if (active != null) {
            active.close();
            active = null;
        }
        if (autoCommit) {
            throw new SQLException("cannot " + command.toLowerCase(java.util.Locale.ROOT)
                    + " with autocommit on", "25000");
        }
        if (!inTransaction()) {
            return;
        }
        try (StatementCall call = new StatementCall(this, 0)) {
            call.run(() -> session.update(command));
        } catch (SQLException e) {
            if (!"25P01".equals(e.getSQLState()) || command.equals("COMMIT")) {
                throw e;
            }
        } finally {
            txOpen = false;
        }
    }

    @Override
    public void commit() throws SQLException {
        end("COMMIT");
    }

    @Override
    public void rollback() throws SQLException {
        end("ROLLBACK");
    }

    @Override
    public void setAutoCommit(boolean on) throws SQLException {
        checkOpen();
        if (on && !autoCommit && inTransaction()) {
            end("COMMIT");
        }
        autoCommit = on;
    }

    @Override
    public boolean getAutoCommit() throws SQLException {
        checkOpen();
        return autoCommit;
    }

    @Override
    public Statement createStatement() throws SQLException {
        return createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
    }

    @Override
    public Statement createStatement(int type, int concurrency) throws SQLException {
        checkOpen();
        downgraded(type, concurrency);
        return register(new RlStatement(this));
    }

    @Override
    public Statement createStatement(int type, int concurrency, int holdability) throws SQLException {
        return createStatement(type, concurrency);
    }

    @Override
    public PreparedStatement prepareStatement(String sql) throws SQLException {
        checkOpen();
        return register(new RlPreparedStatement(this, sql));
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int type, int concurrency) throws SQLException {
        downgraded(type, concurrency);
        return prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int type, int concurrency, int holdability)
            throws SQLException {
        return prepareStatement(sql, type, concurrency);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
        if (autoGeneratedKeys == Statement.RETURN_GENERATED_KEYS) {
            throw SqlErrors.unsupported("generated keys (the service has no RETURNING yet)");
        }
        return prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
        throw SqlErrors.unsupported("generated keys (the service has no RETURNING yet)");
    }

    @Override
    public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
        throw SqlErrors.unsupported("generated keys (the service has no RETURNING yet)");
    }

    private <S extends RlStatement> S register(S statement) {
        statements.add(statement);
        return statement;
    }

    void statementClosed(RlStatement statement) {
        statements.remove(statement);
    }

    /** Scrollable or updatable results are not there: forward-only and read-only instead, with a warning. */
    private void downgraded(int type, int concurrency) {
        if (type != ResultSet.TYPE_FORWARD_ONLY || concurrency != ResultSet.CONCUR_READ_ONLY) {
            SQLWarning w = new SQLWarning("results are forward-only and read-only: the statement's are", "01000");
            if (warnings == null) {
                warnings = w;
            } else {
                warnings.setNextWarning(w);
            }
        }
    }

    @Override
    public String nativeSQL(String sql) throws SQLException {
        checkOpen();
        return sql;
    }

    @Override
    public void close() throws SQLException {
        if (closed) {
            return;
        }
        for (RlStatement s : new ArrayList<>(statements)) {
            s.close();
        }
        closed = true;
        try {
            session.close(); // rolls back an open transaction
        } finally {
            channel.shutdownNow();
            try {
                channel.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public DatabaseMetaData getMetaData() throws SQLException {
        checkOpen();
        return new RlDatabaseMetaData(this);
    }

    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        checkOpen();
        this.readOnly = readOnly; // a hint, as JDBC allows: the token's role decides what may be written
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        checkOpen();
        return readOnly;
    }

    /** Another database: a new session on it (an open transaction is rolled back, as closing does). */
    @Override
    public void setCatalog(String catalog) throws SQLException {
        checkOpen();
        if (catalog == null || catalog.equals(session.database())) {
            return;
        }
        beforeCall();
        SqlSession next;
        try {
            next = client.openSession(catalog);
        } catch (ClientException e) {
            throw SqlErrors.of(e, false);
        }
        SqlSession old = session;
        session = next;
        txOpen = false;
        old.close();
    }

    @Override
    public String getCatalog() throws SQLException {
        checkOpen();
        return session.database();
    }

    /** Every transaction is serializable (FoundationDB's); a lower level asked for gets a stronger one. */
    @Override
    public void setTransactionIsolation(int level) throws SQLException {
        checkOpen();
        if (level == TRANSACTION_NONE) {
            throw new SQLException("transactions cannot be turned off", "0A000");
        }
    }

    @Override
    public int getTransactionIsolation() throws SQLException {
        checkOpen();
        return TRANSACTION_SERIALIZABLE;
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return warnings;
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
        warnings = null;
    }

    @Override
    public int getHoldability() {
        return ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public void setHoldability(int holdability) throws SQLException {
        if (holdability != ResultSet.CLOSE_CURSORS_AT_COMMIT) {
            throw SqlErrors.unsupported("holdable cursors");
        }
    }

    /** Whether the session still answers, within {@code timeout} seconds (0: the call deadline). */
    @Override
    public boolean isValid(int timeout) throws SQLException {
        if (timeout < 0) {
            throw new SQLException("timeout must not be negative", "22023");
        }
        if (closed) {
            return false;
        }
        if (active != null) {
            return true; // a result is streaming: the session is alive, and a call now would have to wait for it
        }
        try (StatementCall call = new StatementCall(this, timeout)) {
            call.run(() -> session.listTables());
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    @Override
    public void setClientInfo(String name, String value) throws SQLClientInfoException {
        if (value == null) {
            clientInfo.remove(name);
        } else {
            clientInfo.setProperty(name, value);
        }
    }

    @Override
    public void setClientInfo(Properties properties) throws SQLClientInfoException {
        clientInfo.clear();
        if (properties != null) {
            clientInfo.putAll(properties);
        }
    }

    @Override
    public String getClientInfo(String name) {
        return clientInfo.getProperty(name);
    }

    @Override
    public Properties getClientInfo() {
        Properties p = new Properties();
        p.putAll(clientInfo);
        return p;
    }

    /** Schemas are not there: a database (the catalog) holds its tables directly. */
    @Override
    public void setSchema(String schema) throws SQLException {
        checkOpen();
    }

    @Override
    public String getSchema() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public void abort(Executor executor) throws SQLException {
        if (executor == null) {
            throw new SQLException("executor is null", "22023");
        }
        if (active != null) {
            active.close();
        }
        executor.execute(() -> {
            try {
                close();
            } catch (SQLException ignored) {
                // aborting: nothing to report to
            }
        });
    }

    @Override
    public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
        checkOpen();
        networkTimeoutMillis = milliseconds;
    }

    @Override
    public int getNetworkTimeout() throws SQLException {
        checkOpen();
        return networkTimeoutMillis;
    }
}
