package io.relationshiplayer.cli.sql;

import io.relationshiplayer.client.JsonWriter;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.proto.v1.SqlValue;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.HexFormat;
import javax.annotation.Nonnull;

/** Result values as text: for people (table), for CSV and for JSON; one place decides how each kind looks. */
public final class Values {
    /** Month to seconds; the year is written apart, as PostgreSQL writes it ({@link #dateText}). */
    private static final DateTimeFormatter TIME_OF_TIMESTAMP = DateTimeFormatter.ofPattern("-MM-dd HH:mm:ss[.SSSSSS]");

    private Values() {
    }

    public static boolean isNull(SqlValue v) {
        return v.getKindCase() == SqlValue.KindCase.NULL_VALUE || v.getKindCase() == SqlValue.KindCase.KIND_NOT_SET;
    }

    /** Text of a non-null value: numbers as SQL prints them, bytes as \x hex, dates ISO, timestamps "date time". */
    public static String text(SqlValue v) {
        switch (v.getKindCase()) {
            case INT64_VALUE:
                return Long.toString(v.getInt64Value());
            case INT32_VALUE:
                return Integer.toString(v.getInt32Value());
            case DOUBLE_VALUE:
                return io.relationshiplayer.proto.values.FloatText.text(v.getDoubleValue()); // 8, not Java's 8.0
            case BOOL_VALUE:
                return v.getBoolValue() ? "true" : "false";
            case STRING_VALUE:
                return v.getStringValue();
            case BYTES_VALUE:
                return "\\x" + HexFormat.of().formatHex(v.getBytesValue().toByteArray());
            case DECIMAL_VALUE:
                return new BigDecimal(v.getDecimalValue()).toPlainString();
            case DATE_VALUE:
                return dateText(LocalDate.ofEpochDay(v.getDateValue()));
            case TIMESTAMP_VALUE:
                return timestampText(timestamp(v.getTimestampValue()));
            case TIME_VALUE:
                return timeText(v.getTimeValue());
            default:
                return "";
        }
    }

    /**
     * Writes the value as a JSON value: numbers as numbers (decimals exactly), NULL as null, bytes as base64 strings,
     * dates and timestamps in ISO 8601 ("yyyy-mm-dd", "yyyy-mm-ddThh:mm:ss[.ffffff]", UTC; a year before 1 AD as the
     * standard's signed year, 44 BC as -0043), times as PostgreSQL's text ("12:00:00.5", "24:00:00"), NaN and
     * infinities as strings.
     */
    public static void json(@Nonnull SqlValue v, @Nonnull JsonWriter out) {
        switch (v.getKindCase()) {
            case INT64_VALUE -> out.value(v.getInt64Value());
            case INT32_VALUE -> out.value(v.getInt32Value());
            case BOOL_VALUE -> out.value(v.getBoolValue());
            case DOUBLE_VALUE -> {
                double d = v.getDoubleValue();
                if (Double.isFinite(d)) {
                    out.value(d);
                } else {
                    out.value(Double.toString(d));
                }
            }
            case DECIMAL_VALUE -> out.value(new BigDecimal(v.getDecimalValue()));
            case STRING_VALUE -> out.value(v.getStringValue());
            case BYTES_VALUE -> out.value(Base64.getEncoder().encodeToString(v.getBytesValue().toByteArray()));
            case DATE_VALUE -> out.value(LocalDate.ofEpochDay(v.getDateValue()).toString());
            case TIMESTAMP_VALUE -> {
                LocalDateTime t = timestamp(v.getTimestampValue());
                String year = t.getYear() > 9999 ? "+" + t.getYear() : t.getYear() < 0
                        ? String.format("-%04d", -t.getYear()) : String.format("%04d", t.getYear());
                out.value(year + t.format(TIME_OF_TIMESTAMP).replace(' ', 'T').replaceAll("(\\.\\d*?)0+$", "$1")
                        .replaceAll("\\.$", ""));
            }
            case TIME_VALUE -> out.value(timeText(v.getTimeValue()));
            default -> out.nullValue();
        }
    }

    /** A time as PostgreSQL writes it: hh:mm:ss and a fraction only as long as it needs (24:00:00 too). */
    public static String timeText(long micros) {
        return new io.relationshiplayer.proto.values.TimeOfDay(micros).toString();
    }

    /** Whether a column's values line up to the right (numbers). */
    public static boolean numeric(ColumnType type) {
        ColumnKind k = type.getKind();
        return k == ColumnKind.BIGINT || k == ColumnKind.INTEGER || k == ColumnKind.SMALLINT || k == ColumnKind.DOUBLE
                || k == ColumnKind.DECIMAL;
    }

    /** A column type as SQL: VARCHAR(40), DECIMAL(10,2), TIME(3), BIGINT. */
    public static String typeName(ColumnType type) {
        String name = type.getKind() == ColumnKind.COLUMN_KIND_UNSPECIFIED ? "?" : type.getKind().name();
        if ((type.getKind() == ColumnKind.VARCHAR || type.getKind() == ColumnKind.VARBINARY) && type.getLength() > 0) {
            return name + "(" + type.getLength() + ")";
        }
        if (type.getKind() == ColumnKind.DECIMAL && type.getPrecision() > 0) {
            return name + "(" + type.getPrecision() + "," + type.getScale() + ")";
        }
        if ((type.getKind() == ColumnKind.TIME || type.getKind() == ColumnKind.TIMESTAMP) && type.hasPrecision()) {
            return name + "(" + type.getPrecision() + ")"; // TIME(p) or TIMESTAMP(p), set only below six digits
        }
        return name;
    }

    /**
     * A date as PostgreSQL writes it: four digits of year or more, and {@code BC} for a year before 1 (44 BC, the
     * proleptic year -43, is {@code 0044-03-15 BC}; never the year of its era without the era).
     */
    public static String dateText(LocalDate d) {
        return io.relationshiplayer.proto.values.DateText.date(d);
    }

    /** A timestamp as PostgreSQL writes it: {@link #dateText}'s year and era, the fraction without trailing zeros. */
    public static String timestampText(LocalDateTime t) {
        return io.relationshiplayer.proto.values.DateText.timestamp(t);
    }

    private static LocalDateTime timestamp(long micros) {
        return LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                (int) Math.floorMod(micros, 1_000_000L) * 1000, ZoneOffset.UTC);
    }
}
