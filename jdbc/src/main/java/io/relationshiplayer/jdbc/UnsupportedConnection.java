package io.relationshiplayer.jdbc;

import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.NClob;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Savepoint;
import java.sql.Struct;
import java.util.HashMap;
import java.util.Map;

/** What a connection refuses: stored procedures, savepoints, LOBs, arrays, structs and XML; the type map. */
abstract class UnsupportedConnection implements Connection {
    @Override
    public CallableStatement prepareCall(String sql) throws SQLException {
        throw SqlErrors.unsupported("prepareCall (stored procedures)");
    }

    @Override
    public CallableStatement prepareCall(String sql, int type, int concurrency) throws SQLException {
        throw SqlErrors.unsupported("prepareCall (stored procedures)");
    }

    @Override
    public CallableStatement prepareCall(String sql, int type, int concurrency, int holdability)
            throws SQLException {
        throw SqlErrors.unsupported("prepareCall (stored procedures)");
    }

    @Override
    public Savepoint setSavepoint() throws SQLException {
        throw SqlErrors.unsupported("savepoints");
    }

    @Override
    public Savepoint setSavepoint(String name) throws SQLException {
        throw SqlErrors.unsupported("savepoints");
    }

    @Override
    public void rollback(Savepoint savepoint) throws SQLException {
        throw SqlErrors.unsupported("savepoints");
    }

    @Override
    public void releaseSavepoint(Savepoint savepoint) throws SQLException {
        throw SqlErrors.unsupported("savepoints");
    }

    @Override
    public Clob createClob() throws SQLException {
        throw SqlErrors.unsupported("CLOB");
    }

    @Override
    public Blob createBlob() throws SQLException {
        throw SqlErrors.unsupported("BLOB (use VARBINARY and setBytes)");
    }

    @Override
    public NClob createNClob() throws SQLException {
        throw SqlErrors.unsupported("NCLOB");
    }

    @Override
    public SQLXML createSQLXML() throws SQLException {
        throw SqlErrors.unsupported("SQLXML");
    }

    @Override
    public Array createArrayOf(String typeName, Object[] elements) throws SQLException {
        throw SqlErrors.unsupported("arrays");
    }

    @Override
    public Struct createStruct(String typeName, Object[] attributes) throws SQLException {
        throw SqlErrors.unsupported("structs");
    }

    @Override
    public Map<String, Class<?>> getTypeMap() {
        return new HashMap<>();
    }

    /** There are no user-defined types to map: the map is ignored. */
    @Override
    public void setTypeMap(Map<String, Class<?>> map) {
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
}
