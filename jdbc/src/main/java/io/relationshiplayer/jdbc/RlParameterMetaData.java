package io.relationshiplayer.jdbc;

import java.sql.ParameterMetaData;
import java.sql.SQLException;
import java.sql.Types;

/**
 * A prepared statement's parameters: their number is known (Prepare counts the markers), their types are not (the
 * server types a parameter from its context when it plans the first execution), so each is reported as
 * {@link Types#OTHER}, nullable unknown, input only.
 */
final class RlParameterMetaData implements ParameterMetaData {
    private final int count;

    RlParameterMetaData(int count) {
        this.count = count;
    }

    private void check(int i) throws SQLException {
        if (i < 1 || i > count) {
            throw new SQLException("no parameter " + i + " (the statement has " + count + ")", "07009");
        }
    }

    @Override
    public int getParameterCount() {
        return count;
    }

    @Override
    public int isNullable(int i) throws SQLException {
        check(i);
        return parameterNullableUnknown;
    }

    @Override
    public boolean isSigned(int i) throws SQLException {
        check(i);
        return false;
    }

    @Override
    public int getPrecision(int i) throws SQLException {
        check(i);
        return 0;
    }

    @Override
    public int getScale(int i) throws SQLException {
        check(i);
        return 0;
    }

    @Override
    public int getParameterType(int i) throws SQLException {
        check(i);
        return Types.OTHER;
    }

    @Override
    public String getParameterTypeName(int i) throws SQLException {
        check(i);
        return "OTHER";
    }

    @Override
    public String getParameterClassName(int i) throws SQLException {
        check(i);
        return Object.class.getName();
    }

    @Override
    public int getParameterMode(int i) throws SQLException {
        check(i);
        return parameterModeIn;
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
