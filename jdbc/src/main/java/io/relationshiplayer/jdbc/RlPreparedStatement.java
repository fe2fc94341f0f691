package io.relationshiplayer.jdbc;

import io.relationshiplayer.client.PreparedSql;
import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.proto.v1.Column;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * A statement prepared in the session (Prepare): executed again it plans nothing. Parameters are {@code ?} markers;
 * every type the service has binds, NULL included. {@link #addBatch()} collects parameter sets that
 * {@link #executeBatch()} sends in one call.
 */
final class RlPreparedStatement extends UnsupportedPreparedStatement {
    private final String sql;
    private final PreparedSql prepared;
    private final Object[] params;
    private final boolean[] bound;
    private final List<Object[]> batchRows = new ArrayList<>();
    @Nullable
    private List<Column> lastColumns;

    RlPreparedStatement(@Nonnull RlConnection connection, String sql) throws SQLException {
        super(connection);
        requireSql(sql);
        this.sql = sql;
        connection.beforeCall();
        SqlSession session = connection.session();
        try (StatementCall c = new StatementCall(connection, 0, sql)) {
            this.prepared = c.run(() -> session.prepare(sql));
        }
        this.params = new Object[prepared.parameterCount()];
        this.bound = new boolean[params.length];
    }

    private Object[] arguments() throws SQLException {
        for (int i = 0; i < bound.length; i++) {
            if (!bound[i]) {
                throw new SQLException("no value for parameter " + (i + 1), "07002");
            }
        }
        return params.clone();
    }

    @Override
    public boolean execute() throws SQLException {
        prepareCall();
        Object[] args = arguments();
        boolean rows = run(sql, flags -> prepared.execute(flags, args));
        ResultSet r = getResultSet();
        if (rows && r != null) {
            lastColumns = ((RlResultSet) r).columns();
        }
        return rows;
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        if (!execute()) {
            throw new SQLException("the statement returned no rows: use executeUpdate or execute", "02000");
        }
        return getResultSet();
    }

    @Override
    public int executeUpdate() throws SQLException {
        return (int) Math.min(executeLargeUpdate(), Integer.MAX_VALUE);
    }

    @Override
    public long executeLargeUpdate() throws SQLException {
        if (execute()) {
            closeCurrent();
            throw new SQLException("the statement returned rows: use executeQuery or execute", "0100E");
        }
        return getLargeUpdateCount();
    }

    @Override
    public void addBatch() throws SQLException {
        checkOpen();
        batchRows.add(arguments());
    }

    @Override
    public void clearBatch() throws SQLException {
        checkOpen();
        batchRows.clear();
    }

    @Override
    public int[] executeBatch() throws SQLException {
        return toInts(executeLargeBatch());
    }

    @Override
    public long[] executeLargeBatch() throws SQLException {
        List<Object[]> rows = new ArrayList<>(batchRows);
        batchRows.clear();
        return runBatch(rows.size(), session -> prepared.executeBatch(rows), index -> sql);
    }

    @Override
    public void clearParameters() throws SQLException {
        checkOpen();
        Arrays.fill(params, null);
        Arrays.fill(bound, false);
    }

    /** The columns of the last execution (the server plans at the first one); null before it. */
    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        return lastColumns == null ? null : new RlResultSetMetaData(lastColumns);
    }

    @Override
    public ParameterMetaData getParameterMetaData() throws SQLException {
        checkOpen();
        return new RlParameterMetaData(params.length);
    }

    @Override
    public void close() {
        if (!isClosed()) {
            super.close();
            prepared.close();
        }
    }

    // ---- parameters ----

    @Override
    void set(int index, @Nullable Object value) throws SQLException {
        checkOpen();
        if (index < 1 || index > params.length) {
            throw new SQLException("no parameter " + index + " (the statement has " + params.length + ")",
                    "07009");
        }
        params[index - 1] = Conversions.parameter(value);
        bound[index - 1] = true;
    }

    @Override
    public void setNull(int i, int sqlType) throws SQLException {
        set(i, null);
    }

    @Override
    public void setNull(int i, int sqlType, String typeName) throws SQLException {
        set(i, null);
    }

    @Override
    public void setBoolean(int i, boolean x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setByte(int i, byte x) throws SQLException {
        set(i, (int) x);
    }

    @Override
    public void setShort(int i, short x) throws SQLException {
        set(i, (int) x);
    }

    @Override
    public void setInt(int i, int x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setLong(int i, long x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setFloat(int i, float x) throws SQLException {
        set(i, (double) x);
    }

    @Override
    public void setDouble(int i, double x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setBigDecimal(int i, BigDecimal x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setString(int i, String x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setNString(int i, String x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setBytes(int i, byte[] x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setDate(int i, Date x) throws SQLException {
        set(i, Conversions.parameter(x)); // its day, its era kept
    }

    @Override
    public void setDate(int i, Date x, Calendar cal) throws SQLException {
        set(i, x == null ? null : cal == null ? Conversions.parameter(x)
                : Conversions.fromCalendar(x, cal).toLocalDate());
    }

    @Override
    public void setTime(int i, Time x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setTime(int i, Time x, Calendar cal) throws SQLException {
        set(i, x);
    }

    @Override
    public void setTimestamp(int i, Timestamp x) throws SQLException {
        set(i, Conversions.parameter(x)); // its wall-clock time, its era kept
    }

    @Override
    public void setTimestamp(int i, Timestamp x, Calendar cal) throws SQLException {
        set(i, x == null ? null : Conversions.fromCalendar(x, cal));
    }

    @Override
    public void setObject(int i, Object x) throws SQLException {
        set(i, x);
    }

    @Override
    public void setObject(int i, Object x, int targetSqlType) throws SQLException {
        set(i, Conversions.parameter(x, targetSqlType));
    }

    @Override
    public void setObject(int i, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
        Object v = Conversions.parameter(x, targetSqlType);
        set(i, v instanceof BigDecimal d && scaleOrLength >= 0 ? d.setScale(scaleOrLength,
                java.math.RoundingMode.HALF_UP) : v);
    }

    @Override
    public void setObject(int i, Object x, SQLType targetSqlType) throws SQLException {
        set(i, targetSqlType == null || targetSqlType.getVendorTypeNumber() == null ? x
                : Conversions.parameter(x, targetSqlType.getVendorTypeNumber()));
    }

    @Override
    public void setObject(int i, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
        setObject(i, x, targetSqlType);
    }

    // streams are read whole: values are sent in the statement's call

    @Override
    public void setAsciiStream(int i, InputStream x, long length) throws SQLException {
        set(i, x == null ? null : new String(read(x, length), StandardCharsets.US_ASCII));
    }

    @Override
    public void setBinaryStream(int i, InputStream x, long length) throws SQLException {
        set(i, x == null ? null : read(x, length));
    }

    @Override
    public void setCharacterStream(int i, Reader x, long length) throws SQLException {
        set(i, x == null ? null : read(x, length));
    }

    private static byte[] read(InputStream in, long length) throws SQLException {
        try {
            return length < 0 ? in.readAllBytes() : in.readNBytes((int) Math.min(length, Integer.MAX_VALUE));
        } catch (IOException e) {
            throw new SQLException("cannot read the parameter's stream: " + e.getMessage(), "22000", e);
        }
    }

    private static String read(Reader in, long length) throws SQLException {
        StringBuilder sb = new StringBuilder();
        char[] buf = new char[8192];
        try {
            for (int n; (length < 0 || sb.length() < length) && (n = in.read(buf)) >= 0; ) {
                sb.append(buf, 0, n);
            }
        } catch (IOException e) {
            throw new SQLException("cannot read the parameter's reader: " + e.getMessage(), "22000", e);
        }
        return length >= 0 && sb.length() > length ? sb.substring(0, (int) length) : sb.toString();
    }

    @Override
    public String toString() {
        return "RlPreparedStatement[" + sql + "]";
    }
}
