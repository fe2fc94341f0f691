package io.relationshiplayer.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLXML;
import javax.annotation.Nullable;

/**
 * The parts of a prepared statement that reduce to others (stream setters without a length, LOBs read whole) or are
 * refused: the types the service does not have, and Statement's methods that take SQL text (JDBC forbids them on a
 * PreparedStatement).
 */
abstract class UnsupportedPreparedStatement extends RlStatement implements PreparedStatement {
    UnsupportedPreparedStatement(RlConnection connection) {
        super(connection);
    }

    /** Binds parameter {@code index} (1-based) to a value of the client library's types (or null). */
    abstract void set(int index, @Nullable Object value) throws SQLException;

    private static SQLException textOnPrepared() {
        return new SQLException("a PreparedStatement runs its own statement: use execute() without SQL text",
                "HY000");
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        throw textOnPrepared();
    }

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        throw textOnPrepared();
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        throw textOnPrepared();
    }

    @Override
    public long executeLargeUpdate(String sql) throws SQLException {
        throw textOnPrepared();
    }

    @Override
    public void addBatch(String sql) throws SQLException {
        throw textOnPrepared();
    }

    @Override
    public void setAsciiStream(int i, InputStream x, int length) throws SQLException {
        setAsciiStream(i, x, (long) length);
    }

    @Override
    public void setAsciiStream(int i, InputStream x) throws SQLException {
        setAsciiStream(i, x, -1L);
    }

    @Override
    public void setBinaryStream(int i, InputStream x, int length) throws SQLException {
        setBinaryStream(i, x, (long) length);
    }

    @Override
    public void setBinaryStream(int i, InputStream x) throws SQLException {
        setBinaryStream(i, x, -1L);
    }

    @Override
    public void setCharacterStream(int i, Reader x, int length) throws SQLException {
        setCharacterStream(i, x, (long) length);
    }

    @Override
    public void setCharacterStream(int i, Reader x) throws SQLException {
        setCharacterStream(i, x, -1L);
    }

    @Override
    public void setNCharacterStream(int i, Reader x, long length) throws SQLException {
        setCharacterStream(i, x, length);
    }

    @Override
    public void setNCharacterStream(int i, Reader x) throws SQLException {
        setCharacterStream(i, x, -1L);
    }

    @Override
    public void setBlob(int i, InputStream x, long length) throws SQLException {
        setBinaryStream(i, x, length);
    }

    @Override
    public void setBlob(int i, InputStream x) throws SQLException {
        setBinaryStream(i, x, -1L);
    }

    @Override
    public void setBlob(int i, Blob x) throws SQLException {
        set(i, x == null ? null : x.getBytes(1, (int) x.length()));
    }

    @Override
    public void setClob(int i, Reader x, long length) throws SQLException {
        setCharacterStream(i, x, length);
    }

    @Override
    public void setClob(int i, Reader x) throws SQLException {
        setCharacterStream(i, x, -1L);
    }

    @Override
    public void setClob(int i, Clob x) throws SQLException {
        set(i, x == null ? null : x.getSubString(1, (int) x.length()));
    }

    @Override
    public void setNClob(int i, Reader x, long length) throws SQLException {
        setCharacterStream(i, x, length);
    }

    @Override
    public void setNClob(int i, Reader x) throws SQLException {
        setCharacterStream(i, x, -1L);
    }

    @Override
    public void setNClob(int i, NClob x) throws SQLException {
        setClob(i, x);
    }

    @Override
    @Deprecated
    public void setUnicodeStream(int i, InputStream x, int length) throws SQLException {
        throw SqlErrors.unsupported("setUnicodeStream");
    }

    @Override
    public void setRef(int i, Ref x) throws SQLException {
        throw SqlErrors.unsupported("REF values");
    }

    @Override
    public void setArray(int i, Array x) throws SQLException {
        throw SqlErrors.unsupported("arrays");
    }

    @Override
    public void setURL(int i, URL x) throws SQLException {
        set(i, x == null ? null : x.toString());
    }

    @Override
    public void setRowId(int i, RowId x) throws SQLException {
        throw SqlErrors.unsupported("ROWID values");
    }

    @Override
    public void setSQLXML(int i, SQLXML x) throws SQLException {
        throw SqlErrors.unsupported("SQLXML");
    }
}
