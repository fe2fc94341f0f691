package io.relationshiplayer.sql;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The rows of a session's running query, read one ahead from Calcite's result set. Closing them closes the result set
 * and the autocommit transaction (or transactions) they own, if any, and tells the session ({@link SqlSession}).
 */
final class SessionRows implements RowStream {
    /** What the session does when the rows close: {@code autocommitted} owned a transaction; all read or not. */
    interface OnClose {
        void closed(SessionRows rows, boolean autocommitted, boolean exhausted);
    }

    private final ResultSet rs;
    private final List<ColumnMeta> columns;
    /** Closes the autocommit transaction the rows own; null in an explicit transaction. */
    private final Runnable endAutocommit;
    private final Runnable onFailure;
    private final OnClose onClose;
    private Boolean ahead;
    private boolean closed;
    private boolean exhausted;
    private volatile boolean cancelled;

    SessionRows(ResultSet rs, List<ColumnMeta> columns, Runnable endAutocommit, Runnable onFailure,
                OnClose onClose) {
        this.rs = rs;
        this.columns = columns;
        this.endAutocommit = endAutocommit;
        this.onFailure = onFailure;
        this.onClose = onClose;
    }

    /** The next read fails with 57014 (from any thread). */
    void cancel() {
        cancelled = true;
    }

    @Override
    public boolean hasNext() {
        if (closed) {
            return false;
        }
        if (cancelled) {
            close();
            throw new SqlException(SqlException.QUERY_CANCELED, "canceling statement due to user request");
        }
        if (ahead == null) {
            try {
                ahead = rs.next();
            } catch (SQLException | RuntimeException | LinkageError | StackOverflowError e) {
                close();
                if (cancelled) {
                    // our cancel, seen inside the plan's operators rather than here: the same outcome either way (a
                    // query's rows write nothing, so its transaction goes on), not one that races the cancel
                    throw new SqlException(SqlException.QUERY_CANCELED, "canceling statement due to user request");
                }
                onFailure.run();
                throw SqlErrors.toSql(e);
            }
            if (!ahead) {
                exhausted = true;
                close();
            }
        }
        return ahead;
    }

    @Override
    public Object[] next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        ahead = null;
        try {
            return ResultRows.of(rs, columns);
        } catch (SQLException e) {
            throw SqlErrors.toSql(e);
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            rs.close();
        } catch (SQLException ignored) {
            // the statement is being ended anyway
        }
        if (endAutocommit != null) {
            endAutocommit.run();
        }
        onClose.closed(this, endAutocommit != null, exhausted);
    }
}
