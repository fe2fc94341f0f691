package io.relationshiplayer.jdbc;

import io.relationshiplayer.proto.v1.Column;
import io.relationshiplayer.proto.v1.ColumnKind;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;
import javax.annotation.Nonnull;

/** A result's columns as the server's header describes them: name, kind, length, precision, scale, nullability. */
final class RlResultSetMetaData implements ResultSetMetaData {
    private final List<Column> columns;

    RlResultSetMetaData(@Nonnull List<Column> columns) {
        this.columns = columns;
    }

    private Column column(int i) throws SQLException {
        if (i < 1 || i > columns.size()) {
            throw new SQLException("no column " + i + " (the result has " + columns.size() + ")", "42703");
        }
        return columns.get(i - 1);
    }

    @Override
    public int getColumnCount() {
        return columns.size();
    }

    @Override
    public boolean isAutoIncrement(int i) throws SQLException {
        column(i);
        return false;
    }

    @Override
    public boolean isCaseSensitive(int i) throws SQLException {
        return column(i).getType().getKind() == ColumnKind.VARCHAR;
    }

    @Override
    public boolean isSearchable(int i) throws SQLException {
        column(i);
        return true;
    }

    @Override
    public boolean isCurrency(int i) throws SQLException {
        column(i);
        return false;
    }

    @Override
    public int isNullable(int i) throws SQLException {
        return column(i).getNullable() ? columnNullable : columnNoNulls;
    }

    @Override
    public boolean isSigned(int i) throws SQLException {
        return JdbcTypes.signed(column(i).getType().getKind());
    }

    @Override
    public int getColumnDisplaySize(int i) throws SQLException {
        return JdbcTypes.displaySize(column(i).getType());
    }

    @Override
    public String getColumnLabel(int i) throws SQLException {
        return column(i).getName();
    }

    @Override
    public String getColumnName(int i) throws SQLException {
        return column(i).getName();
    }

    /** Results do not name the table of a column: "" as JDBC asks. */
    @Override
    public String getSchemaName(int i) throws SQLException {
        column(i);
        return "";
    }

    @Override
    public int getPrecision(int i) throws SQLException {
        return JdbcTypes.precision(column(i).getType());
    }

    @Override
    public int getScale(int i) throws SQLException {
        return JdbcTypes.scale(column(i).getType());
    }

    @Override
    public String getTableName(int i) throws SQLException {
        column(i);
        return "";
    }

    @Override
    public String getCatalogName(int i) throws SQLException {
        column(i);
        return "";
    }

    @Override
    public int getColumnType(int i) throws SQLException {
        return JdbcTypes.sqlType(column(i).getType().getKind());
    }

    @Override
    public String getColumnTypeName(int i) throws SQLException {
        return JdbcTypes.typeName(column(i).getType().getKind());
    }

    @Override
    public boolean isReadOnly(int i) throws SQLException {
        column(i);
        return true;
    }

    @Override
    public boolean isWritable(int i) throws SQLException {
        column(i);
        return false;
    }

    @Override
    public boolean isDefinitelyWritable(int i) throws SQLException {
        column(i);
        return false;
    }

    @Override
    public String getColumnClassName(int i) throws SQLException {
        return JdbcTypes.className(column(i).getType().getKind());
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
