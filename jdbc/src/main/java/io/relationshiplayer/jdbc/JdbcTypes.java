package io.relationshiplayer.jdbc;

import io.relationshiplayer.proto.v1.Column;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import java.sql.Types;
import javax.annotation.Nonnull;

/** The service's column kinds as JDBC types: java.sql.Types codes, names, sizes and Java classes. */
final class JdbcTypes {
    /** Every kind the service has, in getTypeInfo's order (by java.sql.Types code). */
    static final ColumnKind[] KINDS = {ColumnKind.BIGINT, ColumnKind.VARBINARY, ColumnKind.DECIMAL,
        ColumnKind.INTEGER, ColumnKind.SMALLINT, ColumnKind.DOUBLE, ColumnKind.VARCHAR, ColumnKind.BOOLEAN, ColumnKind.DATE,
        ColumnKind.TIME, ColumnKind.TIMESTAMP};

    private JdbcTypes() {
    }

    static int sqlType(@Nonnull ColumnKind kind) {
        switch (kind) {
            case BIGINT:
                return Types.BIGINT;
            case INTEGER:
                return Types.INTEGER;
            case SMALLINT:
                return Types.SMALLINT;
            case DOUBLE:
                return Types.DOUBLE;
            case BOOLEAN:
                return Types.BOOLEAN;
            case VARCHAR:
                return Types.VARCHAR;
            case VARBINARY:
                return Types.VARBINARY;
            case DECIMAL:
                return Types.DECIMAL;
            case DATE:
                return Types.DATE;
            case TIMESTAMP:
                return Types.TIMESTAMP;
            case TIME:
                return Types.TIME;
            default:
                return Types.OTHER;
        }
    }

    @Nonnull
    static String typeName(@Nonnull ColumnKind kind) {
        return kind == ColumnKind.COLUMN_KIND_UNSPECIFIED ? "OTHER" : kind.name();
    }

    /** The type as DDL writes it: VARCHAR(40), DECIMAL(10,2), BIGINT. */
    @Nonnull
    static String typeSql(@Nonnull ColumnType t) {
        String name = typeName(t.getKind());
        if (t.getKind() == ColumnKind.DECIMAL && t.getPrecision() > 0) {
            return name + "(" + t.getPrecision() + "," + t.getScale() + ")";
        }
        if ((t.getKind() == ColumnKind.VARCHAR || t.getKind() == ColumnKind.VARBINARY) && t.getLength() > 0) {
            return name + "(" + t.getLength() + ")";
        }
        return name;
    }

    /** Digits of numbers, characters of text, bytes of binaries, characters of dates and timestamps. */
    static int precision(@Nonnull ColumnType t) {
        switch (t.getKind()) {
            case BIGINT:
                return 19;
            case INTEGER:
                return 10;
            case SMALLINT:
                return 5;
            case DOUBLE:
                return 17;
            case BOOLEAN:
                return 1;
            case VARCHAR:
            case VARBINARY:
                return t.getLength() > 0 ? t.getLength() : Integer.MAX_VALUE;
            case DECIMAL:
                return t.getPrecision() > 0 ? t.getPrecision() : 38;
            case DATE:
                return 10;
            case TIMESTAMP:
                // yyyy-mm-dd hh:mm:ss, then the point and the fraction's digits if any (26 with microseconds)
                return 19 + (fractionDigits(t) > 0 ? fractionDigits(t) + 1 : 0);
            case TIME:
                // hh:mm:ss, then the point and the fraction's digits if any (15 with microseconds)
                return 8 + (fractionDigits(t) > 0 ? fractionDigits(t) + 1 : 0);
            default:
                return 0;
        }
    }

    /** The digits of a second's fraction of a TIMESTAMP: its TIMESTAMP(p)'s p (0 to 5) if set, else microseconds'. */
    private static int fractionDigits(@Nonnull ColumnType t) {
        return t.hasPrecision() && t.getPrecision() >= 0 && t.getPrecision() < 6 ? t.getPrecision() : 6;
    }

    static int scale(@Nonnull ColumnType t) {
        switch (t.getKind()) {
            case DECIMAL:
                return t.getScale();
            case TIMESTAMP:
            case TIME:
                return fractionDigits(t); // microseconds unless a TIMESTAMP(p) or TIME(p)
            default:
                return 0;
        }
    }

    static int displaySize(@Nonnull ColumnType t) {
        switch (t.getKind()) {
            case BIGINT:
                return 20;
            case INTEGER:
                return 11;
            case SMALLINT:
                return 6;
            case DOUBLE:
                return 24;
            case BOOLEAN:
                return 5;
            case DECIMAL:
                return precision(t) + 2;
            case VARBINARY:
                return t.getLength() > 0 ? 2 * t.getLength() : Integer.MAX_VALUE;
            default:
                return precision(t);
        }
    }

    /** The class {@code ResultSet.getObject} returns for the kind. */
    @Nonnull
    static String className(@Nonnull ColumnKind kind) {
        switch (kind) {
            case BIGINT:
                return Long.class.getName();
            case INTEGER:
            case SMALLINT:
                // as PostgreSQL's driver: getObject of an int2 is an Integer
                return Integer.class.getName();
            case DOUBLE:
                return Double.class.getName();
            case BOOLEAN:
                return Boolean.class.getName();
            case VARCHAR:
                return String.class.getName();
            case VARBINARY:
                return byte[].class.getName();
            case DECIMAL:
                return java.math.BigDecimal.class.getName();
            case DATE:
                return java.sql.Date.class.getName();
            case TIMESTAMP:
                return java.sql.Timestamp.class.getName();
            case TIME:
                return java.sql.Time.class.getName();
            default:
                return Object.class.getName();
        }
    }

    static boolean signed(@Nonnull ColumnKind kind) {
        return kind == ColumnKind.BIGINT || kind == ColumnKind.INTEGER || kind == ColumnKind.SMALLINT
                || kind == ColumnKind.DOUBLE
                || kind == ColumnKind.DECIMAL;
    }

    /** A column of a result the driver builds itself (metadata). */
    @Nonnull
    static Column column(@Nonnull String name, @Nonnull ColumnKind kind, boolean nullable) {
        return Column.newBuilder().setName(name).setType(ColumnType.newBuilder().setKind(kind)).setNullable(nullable)
                .build();
    }
}
