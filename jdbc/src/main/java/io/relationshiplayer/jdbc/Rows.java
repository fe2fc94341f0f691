package io.relationshiplayer.jdbc;

import io.relationshiplayer.client.ClientException;
import io.relationshiplayer.client.SqlResult;
import io.relationshiplayer.client.SqlValues;
import io.relationshiplayer.proto.v1.SqlValue;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import javax.annotation.Nullable;

/** Where a result's rows come from: the server's stream (a batch at a time) or a list the driver built. */
interface Rows {
    /** The next row's values as Java (the client library's types), or null after the last. */
    @Nullable
    Object[] next() throws SQLException;

    /** Stops reading: a stream not read to its end is cancelled, so the server stops the scan. */
    void close();

    /** Reads the rest of a stream into memory so that the session is free for another call. */
    default void detach() throws SQLException {
    }

    static Rows of(List<Object[]> rows) {
        Iterator<Object[]> it = rows.iterator();
        return new Rows() {
            @Override
            public Object[] next() {
                return it.hasNext() ? it.next() : null;
            }

            @Override
            public void close() {
            }
        };
    }

    /** A streamed result; {@code call} is the statement's call (its cancellation and timeout). */
    static Rows streamed(SqlResult result, StatementCall call) {
        return new Rows() {
            private final Deque<Object[]> detached = new ArrayDeque<>();
            private boolean ended;

            @Override
            public Object[] next() throws SQLException {
                if (!detached.isEmpty()) {
                    return detached.poll();
                }
                if (ended) {
                    return null;
                }
                try {
                    if (!result.hasNext()) {
                        ended = true;
                        call.ended(result);
                        return null;
                    }
                    List<SqlValue> row = result.next();
                    Object[] values = new Object[row.size()];
                    for (int i = 0; i < values.length; i++) {
                        values[i] = SqlValues.toJava(row.get(i));
                    }
                    return values;
                } catch (ClientException e) {
                    ended = true;
                    throw call.failed(e);
                }
            }

            @Override
            public void detach() throws SQLException {
                if (ended) {
                    return;
                }
                Deque<Object[]> rest = new ArrayDeque<>();
                for (Object[] row = next(); row != null; row = next()) {
                    rest.add(row);
                }
                detached.addAll(rest);
            }

            @Override
            public void close() {
                detached.clear();
                if (!ended) {
                    ended = true;
                    result.close();
                    call.close();
                }
            }
        };
    }
}
