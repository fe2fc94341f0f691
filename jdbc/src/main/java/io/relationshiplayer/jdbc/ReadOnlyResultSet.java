package io.relationshiplayer.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;

/**
 * What a forward-only, read-only result refuses: every update method, the cursor movements other than next, and the
 * LOB, array, ref, row id and XML types the service does not have (generated from {@link ResultSet}'s methods); and
 * the getters by label, which find the column and read it by index.
 */
abstract class ReadOnlyResultSet implements ResultSet {
    static SQLFeatureNotSupportedException unsupported(String method) {
        return SqlErrors.unsupported("ResultSet." + method + " (results are forward-only and read-only)");
    }

    @Override public boolean absolute(int a0) throws SQLException {
        throw unsupported("absolute"); }
    @Override public void afterLast() throws SQLException {
        throw unsupported("afterLast"); }
    @Override public void beforeFirst() throws SQLException {
        throw unsupported("beforeFirst"); }
    @Override public void cancelRowUpdates() throws SQLException {
        throw unsupported("cancelRowUpdates"); }
    @Override public void deleteRow() throws SQLException {
        throw unsupported("deleteRow"); }
    @Override public boolean first() throws SQLException {
        throw unsupported("first"); }
    @Override public Array getArray(String a0) throws SQLException {
        throw unsupported("getArray"); }
    @Override public Array getArray(int a0) throws SQLException {
        throw unsupported("getArray"); }
    @Override public Blob getBlob(String a0) throws SQLException {
        throw unsupported("getBlob"); }
    @Override public Blob getBlob(int a0) throws SQLException {
        throw unsupported("getBlob"); }
    @Override public Clob getClob(String a0) throws SQLException {
        throw unsupported("getClob"); }
    @Override public Clob getClob(int a0) throws SQLException {
        throw unsupported("getClob"); }
    @Override public String getCursorName() throws SQLException {
        throw unsupported("getCursorName"); }
    @Override public NClob getNClob(String a0) throws SQLException {
        throw unsupported("getNClob"); }
    @Override public NClob getNClob(int a0) throws SQLException {
        throw unsupported("getNClob"); }
    @Override public Ref getRef(String a0) throws SQLException {
        throw unsupported("getRef"); }
    @Override public Ref getRef(int a0) throws SQLException {
        throw unsupported("getRef"); }
    @Override public RowId getRowId(String a0) throws SQLException {
        throw unsupported("getRowId"); }
    @Override public RowId getRowId(int a0) throws SQLException {
        throw unsupported("getRowId"); }
    @Override public SQLXML getSQLXML(String a0) throws SQLException {
        throw unsupported("getSQLXML"); }
    @Override public SQLXML getSQLXML(int a0) throws SQLException {
        throw unsupported("getSQLXML"); }
    @Override public java.net.URL getURL(String a0) throws SQLException {
        throw unsupported("getURL"); }
    @Override public java.net.URL getURL(int a0) throws SQLException {
        throw unsupported("getURL"); }
    @Override public InputStream getUnicodeStream(String a0) throws SQLException {
        throw unsupported("getUnicodeStream"); }
    @Override public InputStream getUnicodeStream(int a0) throws SQLException {
        throw unsupported("getUnicodeStream"); }
    @Override public void insertRow() throws SQLException {
        throw unsupported("insertRow"); }
    @Override public boolean isLast() throws SQLException {
        throw unsupported("isLast"); }
    @Override public boolean last() throws SQLException {
        throw unsupported("last"); }
    @Override public void moveToCurrentRow() throws SQLException {
        throw unsupported("moveToCurrentRow"); }
    @Override public void moveToInsertRow() throws SQLException {
        throw unsupported("moveToInsertRow"); }
    @Override public boolean previous() throws SQLException {
        throw unsupported("previous"); }
    @Override public void refreshRow() throws SQLException {
        throw unsupported("refreshRow"); }
    @Override public boolean relative(int a0) throws SQLException {
        throw unsupported("relative"); }
    @Override public boolean rowDeleted() throws SQLException {
        throw unsupported("rowDeleted"); }
    @Override public boolean rowInserted() throws SQLException {
        throw unsupported("rowInserted"); }
    @Override public boolean rowUpdated() throws SQLException {
        throw unsupported("rowUpdated"); }
    @Override public void updateArray(String a0, Array a1) throws SQLException {
        throw unsupported("updateArray"); }
    @Override public void updateArray(int a0, Array a1) throws SQLException {
        throw unsupported("updateArray"); }
    @Override public void updateAsciiStream(String a0, InputStream a1, int a2) throws SQLException {
        throw unsupported("updateAsciiStream"); }
    @Override public void updateAsciiStream(String a0, InputStream a1, long a2) throws SQLException {
        throw unsupported("updateAsciiStream"); }
    @Override public void updateAsciiStream(String a0, InputStream a1) throws SQLException {
        throw unsupported("updateAsciiStream"); }
    @Override public void updateAsciiStream(int a0, InputStream a1, int a2) throws SQLException {
        throw unsupported("updateAsciiStream"); }
    @Override public void updateAsciiStream(int a0, InputStream a1, long a2) throws SQLException {
        throw unsupported("updateAsciiStream"); }
    @Override public void updateAsciiStream(int a0, InputStream a1) throws SQLException {
        throw unsupported("updateAsciiStream"); }
    @Override public void updateBigDecimal(String a0, BigDecimal a1) throws SQLException {
        throw unsupported("updateBigDecimal"); }
    @Override public void updateBigDecimal(int a0, BigDecimal a1) throws SQLException {
        throw unsupported("updateBigDecimal"); }
    @Override public void updateBinaryStream(String a0, InputStream a1, int a2) throws SQLException {
        throw unsupported("updateBinaryStream"); }
    @Override public void updateBinaryStream(String a0, InputStream a1, long a2) throws SQLException {
        throw unsupported("updateBinaryStream"); }
    @Override public void updateBinaryStream(String a0, InputStream a1) throws SQLException {
        throw unsupported("updateBinaryStream"); }
    @Override public void updateBinaryStream(int a0, InputStream a1, int a2) throws SQLException {
        throw unsupported("updateBinaryStream"); }
    @Override public void updateBinaryStream(int a0, InputStream a1, long a2) throws SQLException {
        throw unsupported("updateBinaryStream"); }
    @Override public void updateBinaryStream(int a0, InputStream a1) throws SQLException {
        throw unsupported("updateBinaryStream"); }
    @Override public void updateBlob(String a0, InputStream a1, long a2) throws SQLException {
        throw unsupported("updateBlob"); }
    @Override public void updateBlob(String a0, InputStream a1) throws SQLException {
        throw unsupported("updateBlob"); }
    @Override public void updateBlob(String a0, Blob a1) throws SQLException {
        throw unsupported("updateBlob"); }
    @Override public void updateBlob(int a0, InputStream a1, long a2) throws SQLException {
        throw unsupported("updateBlob"); }
    @Override public void updateBlob(int a0, InputStream a1) throws SQLException {
        throw unsupported("updateBlob"); }
    @Override public void updateBlob(int a0, Blob a1) throws SQLException {
        throw unsupported("updateBlob"); }
    @Override public void updateBoolean(String a0, boolean a1) throws SQLException {
        throw unsupported("updateBoolean"); }
    @Override public void updateBoolean(int a0, boolean a1) throws SQLException {
        throw unsupported("updateBoolean"); }
    @Override public void updateByte(String a0, byte a1) throws SQLException {
        throw unsupported("updateByte"); }
    @Override public void updateByte(int a0, byte a1) throws SQLException {
        throw unsupported("updateByte"); }
    @Override public void updateBytes(String a0, byte[] a1) throws SQLException {
        throw unsupported("updateBytes"); }
    @Override public void updateBytes(int a0, byte[] a1) throws SQLException {
        throw unsupported("updateBytes"); }
    @Override public void updateCharacterStream(String a0, Reader a1, int a2) throws SQLException {
        throw unsupported("updateCharacterStream"); }
    @Override public void updateCharacterStream(String a0, Reader a1, long a2) throws SQLException {
        throw unsupported("updateCharacterStream"); }
    @Override public void updateCharacterStream(String a0, Reader a1) throws SQLException {
        throw unsupported("updateCharacterStream"); }
    @Override public void updateCharacterStream(int a0, Reader a1, int a2) throws SQLException {
        throw unsupported("updateCharacterStream"); }
    @Override public void updateCharacterStream(int a0, Reader a1, long a2) throws SQLException {
        throw unsupported("updateCharacterStream"); }
    @Override public void updateCharacterStream(int a0, Reader a1) throws SQLException {
        throw unsupported("updateCharacterStream"); }
    @Override public void updateClob(String a0, Reader a1, long a2) throws SQLException {
        throw unsupported("updateClob"); }
    @Override public void updateClob(String a0, Reader a1) throws SQLException {
        throw unsupported("updateClob"); }
    @Override public void updateClob(String a0, Clob a1) throws SQLException {
        throw unsupported("updateClob"); }
    @Override public void updateClob(int a0, Reader a1, long a2) throws SQLException {
        throw unsupported("updateClob"); }
    @Override public void updateClob(int a0, Reader a1) throws SQLException {
        throw unsupported("updateClob"); }
    @Override public void updateClob(int a0, Clob a1) throws SQLException {
        throw unsupported("updateClob"); }
    @Override public void updateDate(String a0, Date a1) throws SQLException {
        throw unsupported("updateDate"); }
    @Override public void updateDate(int a0, Date a1) throws SQLException {
        throw unsupported("updateDate"); }
    @Override public void updateDouble(String a0, double a1) throws SQLException {
        throw unsupported("updateDouble"); }
    @Override public void updateDouble(int a0, double a1) throws SQLException {
        throw unsupported("updateDouble"); }
    @Override public void updateFloat(String a0, float a1) throws SQLException {
        throw unsupported("updateFloat"); }
    @Override public void updateFloat(int a0, float a1) throws SQLException {
        throw unsupported("updateFloat"); }
    @Override public void updateInt(String a0, int a1) throws SQLException {
        throw unsupported("updateInt"); }
    @Override public void updateInt(int a0, int a1) throws SQLException {
        throw unsupported("updateInt"); }
    @Override public void updateLong(String a0, long a1) throws SQLException {
        throw unsupported("updateLong"); }
    @Override public void updateLong(int a0, long a1) throws SQLException {
        throw unsupported("updateLong"); }
    @Override public void updateNCharacterStream(String a0, Reader a1, long a2) throws SQLException {
        throw unsupported("updateNCharacterStream"); }
    @Override public void updateNCharacterStream(String a0, Reader a1) throws SQLException {
        throw unsupported("updateNCharacterStream"); }
    @Override public void updateNCharacterStream(int a0, Reader a1, long a2) throws SQLException {
        throw unsupported("updateNCharacterStream"); }
    @Override public void updateNCharacterStream(int a0, Reader a1) throws SQLException {
        throw unsupported("updateNCharacterStream"); }
    @Override public void updateNClob(String a0, Reader a1, long a2) throws SQLException {
        throw unsupported("updateNClob"); }
    @Override public void updateNClob(String a0, Reader a1) throws SQLException {
        throw unsupported("updateNClob"); }
    @Override public void updateNClob(String a0, NClob a1) throws SQLException {
        throw unsupported("updateNClob"); }
    @Override public void updateNClob(int a0, Reader a1, long a2) throws SQLException {
        throw unsupported("updateNClob"); }
    @Override public void updateNClob(int a0, Reader a1) throws SQLException {
        throw unsupported("updateNClob"); }
    @Override public void updateNClob(int a0, NClob a1) throws SQLException {
        throw unsupported("updateNClob"); }
    @Override public void updateNString(String a0, String a1) throws SQLException {
        throw unsupported("updateNString"); }
    @Override public void updateNString(int a0, String a1) throws SQLException {
        throw unsupported("updateNString"); }
    @Override public void updateNull(String a0) throws SQLException {
        throw unsupported("updateNull"); }
    @Override public void updateNull(int a0) throws SQLException {
        throw unsupported("updateNull"); }
    @Override public void updateObject(String a0, Object a1, int a2) throws SQLException {
        throw unsupported("updateObject"); }
    @Override public void updateObject(String a0, Object a1, SQLType a2, int a3) throws SQLException {
        throw unsupported("updateObject"); }
    @Override public void updateObject(String a0, Object a1, SQLType a2) throws SQLException {
        throw unsupported("updateObject"); }
    @Override public void updateObject(String a0, Object a1) throws SQLException {
        throw unsupported("updateObject"); }
    @Override public void updateObject(int a0, Object a1, int a2) throws SQLException {
        throw unsupported("updateObject"); }
    @Override public void updateObject(int a0, Object a1, SQLType a2, int a3) throws SQLException {
        throw unsupported("updateObject"); }
    @Override public void updateObject(int a0, Object a1, SQLType a2) throws SQLException {
        throw unsupported("updateObject"); }
    @Override public void updateObject(int a0, Object a1) throws SQLException {
        throw unsupported("updateObject"); }
    @Override public void updateRef(String a0, Ref a1) throws SQLException {
        throw unsupported("updateRef"); }
    @Override public void updateRef(int a0, Ref a1) throws SQLException {
        throw unsupported("updateRef"); }
    @Override public void updateRow() throws SQLException {
        throw unsupported("updateRow"); }
    @Override public void updateRowId(String a0, RowId a1) throws SQLException {
        throw unsupported("updateRowId"); }
    @Override public void updateRowId(int a0, RowId a1) throws SQLException {
        throw unsupported("updateRowId"); }
    @Override public void updateSQLXML(String a0, SQLXML a1) throws SQLException {
        throw unsupported("updateSQLXML"); }
    @Override public void updateSQLXML(int a0, SQLXML a1) throws SQLException {
        throw unsupported("updateSQLXML"); }
    @Override public void updateShort(String a0, short a1) throws SQLException {
        throw unsupported("updateShort"); }
    @Override public void updateShort(int a0, short a1) throws SQLException {
        throw unsupported("updateShort"); }
    @Override public void updateString(String a0, String a1) throws SQLException {
        throw unsupported("updateString"); }
    @Override public void updateString(int a0, String a1) throws SQLException {
        throw unsupported("updateString"); }
    @Override public void updateTime(String a0, Time a1) throws SQLException {
        throw unsupported("updateTime"); }
    @Override public void updateTime(int a0, Time a1) throws SQLException {
        throw unsupported("updateTime"); }
    @Override public void updateTimestamp(String a0, Timestamp a1) throws SQLException {
        throw unsupported("updateTimestamp"); }
    @Override public void updateTimestamp(int a0, Timestamp a1) throws SQLException {
        throw unsupported("updateTimestamp"); }

    @Override
    public String getString(String l) throws SQLException {
        return getString(findColumn(l));
    }

    @Override
    public boolean getBoolean(String l) throws SQLException {
        return getBoolean(findColumn(l));
    }

    @Override
    public byte getByte(String l) throws SQLException {
        return getByte(findColumn(l));
    }

    @Override
    public short getShort(String l) throws SQLException {
        return getShort(findColumn(l));
    }

    @Override
    public int getInt(String l) throws SQLException {
        return getInt(findColumn(l));
    }

    @Override
    public long getLong(String l) throws SQLException {
        return getLong(findColumn(l));
    }

    @Override
    public float getFloat(String l) throws SQLException {
        return getFloat(findColumn(l));
    }

    @Override
    public double getDouble(String l) throws SQLException {
        return getDouble(findColumn(l));
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(String l, int scale) throws SQLException {
        return getBigDecimal(findColumn(l), scale);
    }

    @Override
    public BigDecimal getBigDecimal(String l) throws SQLException {
        return getBigDecimal(findColumn(l));
    }

    @Override
    public byte[] getBytes(String l) throws SQLException {
        return getBytes(findColumn(l));
    }

    @Override
    public Date getDate(String l) throws SQLException {
        return getDate(findColumn(l));
    }

    @Override
    public Time getTime(String l) throws SQLException {
        return getTime(findColumn(l));
    }

    @Override
    public Timestamp getTimestamp(String l) throws SQLException {
        return getTimestamp(findColumn(l));
    }

    @Override
    public Date getDate(String l, Calendar cal) throws SQLException {
        return getDate(findColumn(l), cal);
    }

    @Override
    public Time getTime(String l, Calendar cal) throws SQLException {
        return getTime(findColumn(l), cal);
    }

    @Override
    public Timestamp getTimestamp(String l, Calendar cal) throws SQLException {
        return getTimestamp(findColumn(l), cal);
    }

    @Override
    public InputStream getAsciiStream(String l) throws SQLException {
        return getAsciiStream(findColumn(l));
    }

    @Override
    public InputStream getBinaryStream(String l) throws SQLException {
        return getBinaryStream(findColumn(l));
    }

    @Override
    public Reader getCharacterStream(String l) throws SQLException {
        return getCharacterStream(findColumn(l));
    }

    @Override
    public Reader getNCharacterStream(String l) throws SQLException {
        return getNCharacterStream(findColumn(l));
    }

    @Override
    public String getNString(String l) throws SQLException {
        return getNString(findColumn(l));
    }

    @Override
    public Object getObject(String l) throws SQLException {
        return getObject(findColumn(l));
    }

    @Override
    public Object getObject(String l, Map<String, Class<?>> map) throws SQLException {
        return getObject(findColumn(l));
    }

    @Override
    public <T> T getObject(String l, Class<T> type) throws SQLException {
        return getObject(findColumn(l), type);
    }

}
