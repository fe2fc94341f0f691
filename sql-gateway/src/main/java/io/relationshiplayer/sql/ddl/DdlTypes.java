package io.relationshiplayer.sql.ddl;

import com.google.protobuf.ByteString;
import io.relationshiplayer.proto.v1.CatalogValue;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.calcite.Timestamps;
import io.relationshiplayer.sql.ddl.DdlToken.Type;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/** Column types and DEFAULT literals of DDL text, as the catalog's {@link ColumnType} and {@link CatalogValue}. */
final class DdlTypes {
    /** DECIMAL values are stored as 64-bit unscaled integers: 18 digits always fit. */
    static final int MAX_DECIMAL_PRECISION = 18;
    /** PostgreSQL's invalid_datetime_format. */
    static final String INVALID_DATETIME = "22007";

    private DdlTypes() {
    }

    /**
     * BIGINT/INT8, INTEGER/INT/INT4/SMALLINT/INT2, DOUBLE [PRECISION]/FLOAT8/FLOAT/REAL/FLOAT4, BOOLEAN/BOOL,
     * VARCHAR[(n)]/CHARACTER VARYING[(n)]/TEXT, VARBINARY[(n)]/BYTEA, DECIMAL/NUMERIC(p[,s]), DATE, TIMESTAMP[(p)]
     * [WITHOUT TIME ZONE] and TIME[(p)] [WITHOUT TIME ZONE] (p of 0 to 6, as ORMs write {@code timestamp(6)} or {@code
     * timestamp(3)}: a TIMESTAMP keeps microseconds, a TIMESTAMP(p) of p below 6 rounds to p digits as PostgreSQL's,
     * the precision kept in the column type's {@code precision}, set only then, 0 included).
     */
    static ColumnType type(DdlCursor c) {
        DdlToken t = c.peek();
        if (t.type() != Type.WORD && t.type() != Type.QUOTED) {
            throw DdlCursor.error(t, "expected a column type");
        }
        c.next();
        switch (t.type() == Type.QUOTED ? "" : t.value()) {
            case "bigint", "int8":
                return kind(ColumnKind.BIGINT);
            case "integer", "int", "int4":
                return kind(ColumnKind.INTEGER);
            case "smallint", "int2":
                return kind(ColumnKind.SMALLINT);
            case "double":
                c.accept("precision");
                return kind(ColumnKind.DOUBLE);
            case "float", "float8", "real", "float4":
                return kind(ColumnKind.DOUBLE);
            case "boolean", "bool":
                return kind(ColumnKind.BOOLEAN);
            case "varchar", "text":
                return t.is("text") ? kind(ColumnKind.VARCHAR) : withLength(c, ColumnKind.VARCHAR, "varchar");
            case "character", "char":
                if (!c.accept("varying")) {
                    throw DdlCursor.error(SqlException.FEATURE_NOT_SUPPORTED, t, "type "
                            + t.raw().toUpperCase(Locale.ROOT) + " (fixed length, blank-padded) is not supported: "
                            + "use VARCHAR(n)");
                }
                return withLength(c, ColumnKind.VARCHAR, "varchar");
            case "varbinary":
                return withLength(c, ColumnKind.VARBINARY, "varbinary");
            case "bytea":
                return kind(ColumnKind.VARBINARY);
            case "decimal", "numeric", "dec":
                return decimal(c, t);
            case "date":
                return kind(ColumnKind.DATE);
            case "timestamp":
                return timestamp(c, t);
            case "time":
                return time(c, t);
            default:
                throw DdlCursor.error(SqlException.UNDEFINED_OBJECT, t, "type \"" + t.value() + "\" does not exist");
        }
    }

    private static ColumnType kind(ColumnKind kind) {
        return ColumnType.newBuilder().setKind(kind).build();
    }

    private static ColumnType withLength(DdlCursor c, ColumnKind kind, String name) {
        if (!c.acceptSymbol("(")) {
            return kind(kind);
        }
        int length = positive(c, "length", "length for type " + name + " must be at least 1");
        c.expectSymbol(")", "after the length of " + name.toUpperCase(Locale.ROOT));
        return ColumnType.newBuilder().setKind(kind).setLength(length).build();
    }

    private static ColumnType decimal(DdlCursor c, DdlToken type) {
        if (!c.acceptSymbol("(")) {
            throw DdlCursor.error(SqlException.FEATURE_NOT_SUPPORTED, type, type.raw().toUpperCase(Locale.ROOT)
                    + " without a precision is not supported: give DECIMAL(p, s) with p up to "
                    + MAX_DECIMAL_PRECISION);
        }
        DdlToken p = c.peek();
        int precision = positive(c, "precision", "DECIMAL precision must be between 1 and "
                + MAX_DECIMAL_PRECISION);
        if (precision > MAX_DECIMAL_PRECISION) {
            throw DdlCursor.error(SqlException.FEATURE_NOT_SUPPORTED, p, "DECIMAL precision " + p.value() + " is not "
                    + "supported: at most " + MAX_DECIMAL_PRECISION + " digits (values are stored as 64-bit integers)");
        }
        int scale = 0;
        if (c.acceptSymbol(",")) {
            DdlToken s = c.peek();
            if (s.type() != Type.INTEGER) {
                throw DdlCursor.error(s, "expected a scale");
            }
            c.next();
            scale = s.value().length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(s.value());
            if (scale > precision) {
                throw DdlCursor.error(SqlException.INVALID_DEFINITION, s, "DECIMAL scale " + s.value()
                        + " must be between 0 and precision " + precision);
            }
        }
        c.expectSymbol(")", "after the precision and scale of DECIMAL");
        return ColumnType.newBuilder().setKind(ColumnKind.DECIMAL).setPrecision(precision).setScale(scale).build();
    }

    private static ColumnType timestamp(DdlCursor c, DdlToken type) {
        return datetime(c, ColumnKind.TIMESTAMP, "TIMESTAMP", "use TIMESTAMP (values are UTC)");
    }

    /** TIME[(p)] [WITHOUT TIME ZONE], as TIMESTAMP: microseconds of the day, a TIME(p) below six rounded to p. */
    private static ColumnType time(DdlCursor c, DdlToken type) {
        return datetime(c, ColumnKind.TIME, "TIME", "use TIME (a time of day without a zone)");
    }

    private static ColumnType datetime(DdlCursor c, ColumnKind kind, String name, String instead) {
        int precision = Timestamps.PRECISION;
        if (c.acceptSymbol("(")) {
            DdlToken p = c.peek();
            if (p.type() != Type.INTEGER) {
                throw DdlCursor.error(p, "expected the precision of " + name);
            }
            c.next();
            int digits = p.value().length() > 2 ? Integer.MAX_VALUE : Integer.parseInt(p.value());
            // PostgreSQL reduces a precision above six to six, with a warning
            precision = Math.min(digits, Timestamps.PRECISION);
            c.expectSymbol(")", "after the precision of " + name);
        }
        DdlToken with = c.peek();
        if (c.accept("without")) {
            c.expect("time", "after " + name + " WITHOUT");
            c.expect("zone", "after " + name + " WITHOUT TIME");
        } else if (with.is("with") && c.peek(1).is("time")) {
            throw DdlCursor.error(SqlException.FEATURE_NOT_SUPPORTED, with, name + " WITH TIME ZONE is not "
                    + "supported: " + instead);
        }
        // the precision of a TIMESTAMP(p) or TIME(p) below six, 0 included; none (unset) for six digits
        ColumnType.Builder b = ColumnType.newBuilder().setKind(kind);
        return (precision < Timestamps.PRECISION ? b.setPrecision(precision) : b).build();
    }

    /** An integer of at least 1; {@code tooSmall} for 0. */
    private static int positive(DdlCursor c, String noun, String tooSmall) {
        DdlToken n = c.peek();
        if (n.type() != Type.INTEGER) {
            throw DdlCursor.error(n, "expected a " + noun);
        }
        c.next();
        if (n.value().length() > 9) {
            throw DdlCursor.error(SqlException.INVALID_DEFINITION, n, noun + " " + n.value()
                    + " is too large");
        }
        int v = Integer.parseInt(n.value());
        if (v < 1) {
            throw DdlCursor.error(SqlException.INVALID_DEFINITION, n, tooSmall);
        }
        return v;
    }

    /**
     * A DEFAULT literal for a column of {@code type}: an integer, a decimal number (either negative), a 'string',
     * TRUE, FALSE, NULL, DATE 'yyyy-mm-dd' or TIMESTAMP 'yyyy-mm-dd hh:mm:ss[.ffffff]'. Numbers take the form the
     * column's kind reads exactly (a DECIMAL's fraction as text, a DOUBLE's as a double, any number for VARCHAR as
     * text); a 'string' for VARBINARY is {@code \x} and hex digits, or else its UTF-8 bytes; for BOOLEAN, 'true',
     * 'off' and the like. The literal may be cast with {@code ::} (as pg_dump writes {@code 'x'::character varying})
     * to the column's own type, with or without its length or precision: the value is then the one the column reads;
     * a cast to another type is 0A000.
     */
    static CatalogValue literal(DdlCursor c, ColumnType type) {
        CatalogValue value = uncastLiteral(c, type);
        while (c.peek().isSymbol(":") && c.peek(1).isSymbol(":") && c.peek(1).offset() == c.peek().offset() + 1) {
            c.next();
            c.next();
            DdlToken at = c.peek();
            ColumnType cast = type(c);
            if (!cast.equals(type) && !cast.equals(kind(type.getKind()))) {
                throw DdlCursor.error(SqlException.FEATURE_NOT_SUPPORTED, at, "a DEFAULT cast to a type other than "
                        + "its column's is not supported: write the value as the column's type reads it");
            }
        }
        return value;
    }

    private static CatalogValue uncastLiteral(DdlCursor c, ColumnType type) {
        DdlToken t = c.peek();
        ColumnKind kind = type.getKind();
        if (t.isSymbol("-") || t.isSymbol("+")) {
            c.next();
            DdlToken n = c.peek();
            if (n.type() != Type.INTEGER && n.type() != Type.NUMBER) {
                throw DdlCursor.error(n, "expected a number after \"" + t.value() + "\"");
            }
            c.next();
            return number(n, (t.isSymbol("-") ? "-" : "") + n.value(), kind);
        }
        if (t.type() == Type.INTEGER || t.type() == Type.NUMBER) {
            c.next();
            return number(t, t.value(), kind);
        }
        if (t.type() == Type.STRING) {
            c.next();
            if (kind == ColumnKind.BOOLEAN) {
                return bool(t);
            }
            if (kind == ColumnKind.TIMESTAMP) {
                // more than six digits of a second's fraction round to microseconds, as PostgreSQL reads them
                return string(Timestamps.roundedToMicroseconds(t.value().strip()));
            }
            if (kind == ColumnKind.TIME) {
                return timeText(t);
            }
            return kind == ColumnKind.VARBINARY ? bytes(t) : string(t.value());
        }
        if (t.is("true") || t.is("false")) {
            c.next();
            return CatalogValue.newBuilder().setBoolValue(t.is("true")).build();
        }
        if (t.is("null")) {
            c.next();
            return CatalogValue.newBuilder().setNullValue(true).build();
        }
        if (t.is("time") && c.peek(1).type() == Type.STRING) {
            c.next();
            return timeText(c.next());
        }
        if ((t.is("date") || t.is("timestamp")) && c.peek(1).type() == Type.STRING) {
            c.next();
            DdlToken s = c.next();
            try {
                if (t.is("date")) {
                    LocalDate.parse(s.value());
                } else {
                    LocalDateTime.parse(s.value().strip().replace(' ', 'T'));
                }
            } catch (DateTimeParseException e) {
                throw DdlCursor.error(INVALID_DATETIME, s, "invalid input syntax for type " + t.value() + ": \""
                        + s.value() + "\"");
            }
            return string(t.is("timestamp") ? Timestamps.roundedToMicroseconds(s.value().strip()) : s.value());
        }
        throw DdlCursor.error(t, "expected a literal after DEFAULT (a number, 'string', TRUE, FALSE, NULL, "
                + "DATE '...', TIME '...' or TIMESTAMP '...')");
    }

    /** A TIME default's text as PostgreSQL reads it, kept as its text in microseconds (22007 / 22008 at it). */
    private static CatalogValue timeText(DdlToken s) {
        try {
            return string(io.relationshiplayer.proto.values.TimeOfDay.parse(s.value()).toString());
        } catch (java.time.format.DateTimeParseException e) {
            throw DdlCursor.error(INVALID_DATETIME, s, e.getMessage());
        } catch (java.time.DateTimeException e) {
            throw DdlCursor.error(Timestamps.FIELD_OVERFLOW, s, e.getMessage());
        }
    }

    private static CatalogValue number(DdlToken at, String text, ColumnKind kind) {
        if (kind == ColumnKind.VARCHAR) {
            return string(text);
        }
        boolean integral = at.type() == Type.INTEGER;
        if (integral) {
            BigInteger v = new BigInteger(text);
            if (v.bitLength() < 64) {
                return CatalogValue.newBuilder().setInt64Value(v.longValueExact()).build();
            }
            if (kind != ColumnKind.DOUBLE && kind != ColumnKind.DECIMAL) {
                throw DdlCursor.error(SqlException.NUMERIC_OUT_OF_RANGE, at, "value \"" + text + "\" is out of range "
                        + "for type bigint");
            }
        }
        return kind == ColumnKind.DOUBLE ? CatalogValue.newBuilder().setDoubleValue(Double.parseDouble(text)).build()
                : string(text);
    }

    private static CatalogValue string(String s) {
        return CatalogValue.newBuilder().setStringValue(s).build();
    }

    /** A BOOLEAN default written as a string, as PostgreSQL reads one: 'true', 't', 'yes', 'on', '1' and so on. */
    private static CatalogValue bool(DdlToken t) {
        switch (t.value().trim().toLowerCase(Locale.ROOT)) {
            case "true", "t", "yes", "y", "on", "1":
                return CatalogValue.newBuilder().setBoolValue(true).build();
            case "false", "f", "no", "n", "off", "0":
                return CatalogValue.newBuilder().setBoolValue(false).build();
            default:
                throw DdlCursor.error(SqlException.INVALID_TEXT, t, "invalid input syntax for type boolean: \""
                        + t.value() + "\"");
        }
    }

    /** A VARBINARY default: {@code '\x0aff'} as hex (PostgreSQL's bytea form), any other string as its UTF-8. */
    private static CatalogValue bytes(DdlToken t) {
        String s = t.value();
        if (!s.startsWith("\\x")) {
            return CatalogValue.newBuilder().setBytesValue(ByteString.copyFrom(s, StandardCharsets.UTF_8)).build();
        }
        String hex = s.substring(2);
        if (hex.length() % 2 != 0 || !hex.matches("[0-9A-Fa-f]*")) {
            throw DdlCursor.error(SqlException.INVALID_TEXT, t, "invalid hexadecimal data in '" + s + "'");
        }
        byte[] out = new byte[hex.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return CatalogValue.newBuilder().setBytesValue(ByteString.copyFrom(out)).build();
    }
}
