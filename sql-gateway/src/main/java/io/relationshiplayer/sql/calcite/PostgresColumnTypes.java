package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.proto.v1.CatalogValue;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.relationships.Values;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;

/**
 * A column's type and default as PostgreSQL's {@code information_schema.columns} describes them, so that tools that
 * map types by {@code data_type} or {@code udt_name} and read defaults by {@code column_default} see what PostgreSQL
 * would show for the same DDL. The catalog keeps fewer kinds than PostgreSQL has types: TEXT is an unbounded VARCHAR
 * (so {@code character varying}), REAL a DOUBLE, VARBINARY(n) a {@code bytea}.
 */
final class PostgresColumnTypes {
    /** PostgreSQL's octet length of an unbounded character type: its 1 GB limit. */
    private static final int UNBOUNDED_OCTETS = 1_073_741_824;
    /** The most bytes a character takes in UTF-8, by which PostgreSQL multiplies a length into an octet length. */
    private static final int MAX_BYTES_PER_CHARACTER = 4;
    /** Digits of a {@code timestamp}'s fraction (the stored precision: microseconds). */
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private PostgresColumnTypes() {
    }

    /** {@code data_type}: the type's SQL name as PostgreSQL spells it (a VARCHAR of no length too). */
    static String dataType(ColumnType t) {
        return t.getKind() == ColumnKind.VARCHAR ? "character varying" : Values.postgresName(t);
    }

    /** {@code udt_name}: the name of PostgreSQL's type in pg_catalog ({@code int8}, {@code varchar}, ...). */
    static String udtName(ColumnType t) {
        switch (t.getKind()) {
            case BIGINT:
                return "int8";
            case INTEGER:
                return "int4";
            case SMALLINT:
                return "int2";
            case DOUBLE:
                return "float8";
            case BOOLEAN:
                return "bool";
            case VARCHAR:
                return "varchar";
            case DECIMAL:
                return "numeric";
            case TIMESTAMP:
                return "timestamp";
            case TIME:
                return "time";
            default:
                return dataType(t);
        }
    }

    static Integer characterMaximumLength(ColumnType t) {
        return t.getKind() == ColumnKind.VARCHAR && t.getLength() > 0 ? t.getLength() : null;
    }

    static Integer characterOctetLength(ColumnType t) {
        if (t.getKind() != ColumnKind.VARCHAR) {
            return null;
        }
        return t.getLength() > 0 ? t.getLength() * MAX_BYTES_PER_CHARACTER : UNBOUNDED_OCTETS;
    }

    static Integer numericPrecision(ColumnType t) {
        switch (t.getKind()) {
            case BIGINT:
                return 64;
            case INTEGER:
                return 32;
            case SMALLINT:
                return 16;
            case DOUBLE:
                return 53;
            case DECIMAL:
                return t.getPrecision();
            default:
                return null;
        }
    }

    static Integer numericPrecisionRadix(ColumnType t) {
        switch (t.getKind()) {
            case BIGINT:
            case INTEGER:
            case SMALLINT:
            case DOUBLE:
                return 2;
            case DECIMAL:
                return 10;
            default:
                return null;
        }
    }

    static Integer numericScale(ColumnType t) {
        switch (t.getKind()) {
            case BIGINT:
            case INTEGER:
            case SMALLINT:
                return 0;
            case DECIMAL:
                return t.getScale();
            default:
                return null;
        }
    }

    static Integer datetimePrecision(ColumnType t) {
        switch (t.getKind()) {
            case DATE:
                return 0;
            case TIMESTAMP:
            case TIME:
                return Timestamps.precision(t);
            default:
                return null;
        }
    }

    /**
     * {@code column_default}: the DEFAULT as PostgreSQL deparses the constant it stored: a non-negative integer, a
     * decimal with a point, {@code true} and {@code false} bare; anything else quoted with a cast to its type
     * ({@code '-5'::integer}, {@code 'x'::character varying}, {@code '2024-01-31'::date}). A DEFAULT NULL shows only
     * where PostgreSQL keeps it, as a cast to a type with a length or precision ({@code NULL::numeric}). Null when
     * the column has no default.
     */
    static String columnDefault(ColumnDef c) {
        if (!c.hasDefaultValue()) {
            return null;
        }
        CatalogValue v = c.getDefaultValue();
        ColumnType t = c.getType();
        switch (v.getKindCase()) {
            case NULL_VALUE:
                boolean typmod = t.getKind() == ColumnKind.DECIMAL
                        || t.getKind() == ColumnKind.VARCHAR && t.getLength() > 0;
                return typmod ? "NULL::" + dataType(t) : null;
            case INT64_VALUE:
                return integer(v.getInt64Value());
            case DOUBLE_VALUE:
                return numeric(BigDecimal.valueOf(v.getDoubleValue()).toPlainString());
            case BOOL_VALUE:
                return Boolean.toString(v.getBoolValue());
            case BYTES_VALUE:
                return quoted("\\x" + HexFormat.of().formatHex(v.getBytesValue().toByteArray()), "bytea");
            case STRING_VALUE:
                return string(c, v.getStringValue());
            default:
                return null;
        }
    }

    /** An integer constant: int4 bare unless negative, int8 always cast (PostgreSQL types a literal by its size). */
    private static String integer(long v) {
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            return quoted(Long.toString(v), "bigint");
        }
        return v < 0 ? quoted(Long.toString(v), "integer") : Long.toString(v);
    }

    /** A numeric constant: bare when it reads as a decimal (digits and a point), else quoted and cast. */
    private static String numeric(String text) {
        return Character.isDigit(text.charAt(0)) && text.indexOf('.') >= 0 ? text : quoted(text, "numeric");
    }

    private static String string(ColumnDef c, String text) {
        switch (c.getType().getKind()) {
            case DECIMAL:
                return numeric(new BigDecimal(text).toPlainString());
            case DATE:
                return quoted(Values.defaultValue(c).toString(), "date");
            case TIMESTAMP:
                return quoted(timestamp((LocalDateTime) Values.defaultValue(c)), "timestamp without time zone");
            case TIME:
                return quoted(Values.defaultValue(c).toString(), "time without time zone");
            default:
                return quoted(text, dataType(c.getType()));
        }
    }

    /** PostgreSQL's output form of a timestamp: seconds always, a fraction only as long as it needs. */
    private static String timestamp(LocalDateTime t) {
        String s = t.format(TIMESTAMP);
        if (t.getNano() == 0) {
            return s;
        }
        String fraction = String.format("%09d", t.getNano()).replaceAll("0+$", "");
        return s + "." + fraction;
    }

    private static String quoted(String text, String type) {
        return "'" + text.replace("'", "''") + "'::" + type;
    }
}
