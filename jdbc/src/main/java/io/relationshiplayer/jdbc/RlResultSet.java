package io.relationshiplayer.jdbc;

import io.relationshiplayer.proto.v1.Column;
import io.relationshiplayer.proto.v1.ColumnKind;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.List;
import java.util.Map;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * A forward-only, read-only result: rows streamed from the server a batch at a time (the statement's fetch size), or
 * built by the driver (metadata). Closing it before its end cancels the call, and the server stops the scan.
 */
final class RlResultSet extends ReadOnlyResultSet {
    private final List<Column> columns;
    private final Rows rows;
    @Nullable
    private final RlStatement statement;
    private final long maxRows;
    private Object[] current;
    private long rowNumber;
    private boolean afterLast;
    private boolean closed;
    private boolean wasNull;
    private int fetchSize;

    RlResultSet(@Nullable RlStatement statement, @Nonnull List<Column> columns, @Nonnull Rows rows, long maxRows,
            int fetchSize) {
        this.statement = statement;
        this.columns = columns;
        this.rows = rows;
        this.maxRows = maxRows;
        this.fetchSize = fetchSize;
    }

    /** A result the driver built (metadata): rows of Java values matching {@code columns}. */
    static RlResultSet of(@Nullable RlStatement statement, List<Column> columns, List<Object[]> rows) {
        return new RlResultSet(statement, columns, Rows.of(rows), 0, 0);
    }

    List<Column> columns() {
        return columns;
    }

    /** Reads the rest of the rows into memory: the connection's session is needed by another statement. */
    void detach() throws SQLException {
        if (!closed) {
            rows.detach();
        }
    }

    @Override
    public boolean next() throws SQLException {
        checkOpen();
        if (afterLast) {
            return false;
        }
        if (maxRows > 0 && rowNumber >= maxRows) {
            finish();
            return false;
        }
        current = rows.next();
        if (current == null) {
            finish();
            return false;
        }
        rowNumber++;
        return true;
    }

    private void finish() {
        afterLast = true;
        current = null;
        rows.close();
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            current = null;
            rows.close();
            if (statement != null) {
                statement.resultClosed(this);
            }
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    private void checkOpen() throws SQLException {
        if (closed) {
            throw SqlErrors.closed("result set");
        }
    }

    /** The value of column {@code i} (1-based) in the current row; sets wasNull. */
    @Nullable
    private Object value(int i) throws SQLException {
        checkOpen();
        if (current == null) {
            throw new SQLException(rowNumber == 0 ? "call next() before reading a row" : "no current row",
                    "24000");
        }
        if (i < 1 || i > columns.size()) {
            throw new SQLException("no column " + i + " (the result has " + columns.size() + ")", "42703");
        }
        Object v = current[i - 1];
        wasNull = v == null;
        return v;
    }

    @Override
    public boolean wasNull() {
        return wasNull;
    }

    @Override
    public int findColumn(String label) throws SQLException {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).getName().equals(label)) {
                return i + 1;
            }
        }
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).getName().equalsIgnoreCase(label)) {
                return i + 1;
            }
        }
        throw new SQLException("no column \"" + label + "\" in the result", "42703");
    }

    @Override
    public String getString(int i) throws SQLException {
        Object v = value(i);
        return v == null ? null : Conversions.toText(v);
    }

    @Override
    public boolean getBoolean(int i) throws SQLException {
        Object v = value(i);
        return v != null && Conversions.toBoolean(v);
    }

    @Override
    public byte getByte(int i) throws SQLException {
        Object v = value(i);
        return v == null ? 0 : (byte) Conversions.narrow(Conversions.toLong(v), Byte.MIN_VALUE, Byte.MAX_VALUE);
    }

    @Override
    public short getShort(int i) throws SQLException {
        Object v = value(i);
        return v == null ? 0 : (short) Conversions.narrow(Conversions.toLong(v), Short.MIN_VALUE, Short.MAX_VALUE);
    }

    @Override
    public int getInt(int i) throws SQLException {
        Object v = value(i);
        return v == null ? 0 : (int) Conversions.narrow(Conversions.toLong(v), Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    @Override
    public long getLong(int i) throws SQLException {
        Object v = value(i);
        return v == null ? 0 : Conversions.toLong(v);
    }

    @Override
    public float getFloat(int i) throws SQLException {
        Object v = value(i);
        return v == null ? 0 : (float) Conversions.toDouble(v);
    }

    @Override
    public double getDouble(int i) throws SQLException {
        Object v = value(i);
        return v == null ? 0 : Conversions.toDouble(v);
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(int i, int scale) throws SQLException {
        BigDecimal d = getBigDecimal(i);
        return d == null ? null : d.setScale(scale, RoundingMode.HALF_UP);
    }

    @Override
    public BigDecimal getBigDecimal(int i) throws SQLException {
        Object v = value(i);
        return v == null ? null : Conversions.toBigDecimal(v);
    }

    @Override
    public byte[] getBytes(int i) throws SQLException {
        Object v = value(i);
        return v == null ? null : Conversions.toBytes(v);
    }

    @Override
    public Date getDate(int i) throws SQLException {
        return getDate(i, null);
    }

    @Override
    public Time getTime(int i) throws SQLException {
        return getTime(i, null);
    }

    @Override
    public Timestamp getTimestamp(int i) throws SQLException {
        return getTimestamp(i, null);
    }

    @Override
    public Date getDate(int i, Calendar cal) throws SQLException {
        Object v = value(i);
        return v == null ? null : Conversions.toDate(v, cal);
    }

    @Override
    public Time getTime(int i, Calendar cal) throws SQLException {
        Object v = value(i);
        return v == null ? null : Conversions.toTime(v, cal);
    }

    @Override
    public Timestamp getTimestamp(int i, Calendar cal) throws SQLException {
        Object v = value(i);
        return v == null ? null : Conversions.toTimestamp(v, cal);
    }

    @Override
    public InputStream getAsciiStream(int i) throws SQLException {
        String s = getString(i);
        return s == null ? null : new ByteArrayInputStream(s.getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    public InputStream getBinaryStream(int i) throws SQLException {
        byte[] b = getBytes(i);
        return b == null ? null : new ByteArrayInputStream(b);
    }

    @Override
    public Reader getCharacterStream(int i) throws SQLException {
        String s = getString(i);
        return s == null ? null : new StringReader(s);
    }

    @Override
    public Reader getNCharacterStream(int i) throws SQLException {
        return getCharacterStream(i);
    }

    @Override
    public String getNString(int i) throws SQLException {
        return getString(i);
    }

    /**
     * DATE as java.sql.Date, TIME as java.sql.Time and TIMESTAMP as java.sql.Timestamp (JDBC's mapping); the others as
     * they come.
     */
    @Override
    public Object getObject(int i) throws SQLException {
        Object v = value(i);
        if (v == null) {
            return null;
        }
        ColumnKind kind = columns.get(i - 1).getType().getKind();
        if (kind == ColumnKind.DATE) {
            return Conversions.toDate(v, null);
        }
        if (kind == ColumnKind.TIME) {
            return Conversions.toTime(v, null);
        }
        if (kind == ColumnKind.TIMESTAMP) {
            return Conversions.toTimestamp(v, null);
        }
        return v;
    }

    @Override
    public Object getObject(int i, Map<String, Class<?>> map) throws SQLException {
        return getObject(i);
    }

    @Override
    public <T> T getObject(int i, Class<T> type) throws SQLException {
        if (type == null) {
            throw new SQLException("type is null", "22023");
        }
        Object v = value(i);
        return v == null ? null : Conversions.as(v, type);
    }

    // ---- the cursor ----

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        return new RlResultSetMetaData(columns);
    }

    @Override
    public boolean isBeforeFirst() throws SQLException {
        checkOpen();
        return rowNumber == 0 && !afterLast;
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        checkOpen();
        return afterLast && rowNumber > 0;
    }

    @Override
    public boolean isFirst() throws SQLException {
        checkOpen();
        return rowNumber == 1 && current != null;
    }

    @Override
    public int getRow() throws SQLException {
        checkOpen();
        return current == null ? 0 : (int) Math.min(rowNumber, Integer.MAX_VALUE);
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        if (direction != FETCH_FORWARD) {
            throw new SQLException("results are forward-only", "0A000");
        }
    }

    @Override
    public int getFetchDirection() {
        return FETCH_FORWARD;
    }

    /** A hint: the rows per batch were fixed when the statement started. */
    @Override
    public void setFetchSize(int rows) throws SQLException {
        if (rows < 0) {
            throw new SQLException("fetch size must not be negative: " + rows, "22023");
        }
        this.fetchSize = rows;
    }

    @Override
    public int getFetchSize() {
        return fetchSize;
    }

    @Override
    public int getType() {
        return TYPE_FORWARD_ONLY;
    }

    @Override
    public int getConcurrency() {
        return CONCUR_READ_ONLY;
    }

    @Override
    public int getHoldability() {
        return CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public Statement getStatement() {
        return statement;
    }

    @Override
    public SQLWarning getWarnings() {
        return null;
    }

    @Override
    public void clearWarnings() {
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("not a wrapper of " + iface.getName(), "HY000");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }

    @Override
    public String toString() {
        return "RlResultSet[" + columns.size() + " columns, row " + rowNumber + (closed ? ", closed]" : "]");
    }
}
