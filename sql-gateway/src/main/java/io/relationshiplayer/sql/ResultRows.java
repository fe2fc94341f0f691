package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.SqlTypes;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;

/**
 * A row of a plan's JDBC result set as the gateway's Java types: TIMESTAMPs, TIMEs and DATEs read as the numbers they
 * are in the plan (microseconds, microseconds of the day, days), never through JDBC's Timestamp, Time or Date, which
 * would read them as milliseconds or through a Julian calendar.
 */
final class ResultRows {
    private ResultRows() {
    }

    /** One row of a result set as the gateway's Java types. */
    static Object[] of(ResultSet rs, List<ColumnMeta> columns) throws SQLException {
        Object[] out = new Object[columns.size()];
        for (int i = 0; i < out.length; i++) {
            if (columns.get(i).type().getKind() == io.relationshiplayer.proto.v1.ColumnKind.TIMESTAMP) {
                // microseconds since the epoch (TimestampMicros), which JDBC's Timestamp would read as milliseconds
                long micros = rs.getLong(i + 1);
                out[i] = rs.wasNull() ? null : io.relationshiplayer.sql.calcite.Timestamps.fromMicros(micros);
                continue;
            }
            if (columns.get(i).type().getKind() == io.relationshiplayer.proto.v1.ColumnKind.DATE) {
                // days since 1970, proleptic Gregorian (JDBC's Date would shift 1582-10-05 to 14 by ten days)
                int days = rs.getInt(i + 1);
                out[i] = rs.wasNull() ? null : java.time.LocalDate.ofEpochDay(days);
                continue;
            }
            if (rs.getMetaData().getColumnType(i + 1) == Types.TIME) {
                // microseconds of the day (RlJavaTypes), which JDBC's Time would read as milliseconds
                long micros = rs.getLong(i + 1);
                out[i] = rs.wasNull() ? null : new io.relationshiplayer.proto.values.TimeOfDay(micros);
                continue;
            }
            if (io.relationshiplayer.sql.calcite.IntervalText.isInterval(rs.getMetaData(), i + 1)) {
                out[i] = io.relationshiplayer.sql.calcite.IntervalText.text(rs, i + 1); // PostgreSQL's text
                continue;
            }
            Object v = rs.getObject(i + 1);
            if (v instanceof java.sql.Date) {
                v = io.relationshiplayer.sql.calcite.SqlTypes.localDate((java.sql.Date) v);
            } else if (v instanceof java.sql.Timestamp) {
                v = ((java.sql.Timestamp) v).toLocalDateTime();
            } else if (v instanceof org.apache.calcite.avatica.util.ByteString) {
                v = ((org.apache.calcite.avatica.util.ByteString) v).getBytes();
            } else if (v instanceof Float) {
                v = realAsDouble((Float) v);
            } else if (v instanceof Short || v instanceof Byte) {
                v = ((Number) v).intValue();
            } else if (v instanceof BigDecimal
                    && columns.get(i).type().getKind() != io.relationshiplayer.proto.v1.ColumnKind.DECIMAL) {
                v = SqlTypes.fromInternal(io.relationshiplayer.proto.v1.ColumnDef.newBuilder()
                        .setType(columns.get(i).type()).build(), v);
            }
            out[i] = v;
        }
        return out;
    }

    /**
     * A REAL result as the double the wire carries: the double of the float's shortest digits, so that the REAL 0.1
     * reads 0.1 (as PostgreSQL writes it), not 0.10000000149011612.
     */
    static double realAsDouble(float f) {
        return Float.isFinite(f) ? Double.parseDouble(Float.toString(f)) : f;
    }
}
