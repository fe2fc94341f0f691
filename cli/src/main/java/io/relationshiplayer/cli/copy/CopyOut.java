package io.relationshiplayer.cli.copy;

import io.relationshiplayer.client.SqlResult;
import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.proto.v1.Column;
import io.relationshiplayer.proto.v1.SqlValue;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * COPY TO: the table's columns (or the query's rows) stream from the server batch by batch and are written as they
 * arrive ({@link RowWriter}), never held all in memory; a query in autocommit reads in a chain of transactions, so an
 * export is not bound by FoundationDB's 5 seconds (see the README's long reads).
 */
final class CopyOut {
    /** Rows per batch of the export's result. */
    static final int FETCH_SIZE = 2_000;

    private CopyOut() {
    }

    /** Writes the rows to {@code out}; their count. */
    static long run(SqlSession session, CopyStatement st, Writer out) {
        String sql = st.query() != null ? st.query()
                : "SELECT " + (st.columns().isEmpty() ? "*" : String.join(", ", st.columns())) + " FROM " + st.table();
        int fetchSize = session.fetchSize();
        session.setFetchSize(FETCH_SIZE);
        long count = 0;
        try (SqlResult result = session.execute(sql)) {
            if (!result.returnsRows()) {
                result.end();
                throw CopyException.unsupported("COPY query must have a RETURNING clause");
            }
            RowWriter writer = new RowWriter(st.options(), out);
            List<String> values = new ArrayList<>();
            if (st.options().header()) {
                for (Column c : result.columns()) {
                    values.add(c.getName());
                }
                writer.row(values);
            }
            while (result.hasNext()) {
                values.clear();
                for (SqlValue v : result.next()) {
                    values.add(io.relationshiplayer.cli.sql.Values.isNull(v) ? null : CopyValues.text(v));
                }
                writer.row(values);
                count++;
            }
            result.end();
        } finally {
            session.setFetchSize(fetchSize);
        }
        return count;
    }
}
