package io.relationshiplayer.sql.calcite;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.InvalidProtocolBufferException;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import org.junit.jupiter.api.Test;

/**
 * A column type's precision is a proto3 {@code optional} since TIMESTAMP(0): set to 0, it is written and read back as
 * set, while catalogs stored before (which never wrote a 0) read as they did: a TIMESTAMP without it keeps
 * microseconds, a TIMESTAMP(3) three digits, a DECIMAL its precision.
 */
class TimestampPrecisionTest {
    /** A ColumnType's bytes as catalogs stored them before: field 1 (kind) and field 3 (precision), varints. */
    private static ColumnType stored(int... bytes) throws InvalidProtocolBufferException {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) bytes[i];
        }
        return ColumnType.parseFrom(b);
    }

    @Test
    void aCatalogStoredBeforeTimestampZeroReadsAsItDid() throws InvalidProtocolBufferException {
        ColumnType plain = stored(0x08, ColumnKind.TIMESTAMP_VALUE);
        assertThat(plain.hasPrecision()).isFalse();
        assertThat(Timestamps.precision(plain)).isEqualTo(Timestamps.PRECISION);
        ColumnType millis = stored(0x08, ColumnKind.TIMESTAMP_VALUE, 0x18, 3);
        assertThat(Timestamps.precision(millis)).isEqualTo(3);
        ColumnType decimal = stored(0x08, ColumnKind.DECIMAL_VALUE, 0x18, 12, 0x20, 2);
        assertThat(decimal.getPrecision()).isEqualTo(12);
        assertThat(decimal.getScale()).isEqualTo(2);
    }

    @Test
    void aTimestampZeroIsWrittenAndReadBackAsSet() throws InvalidProtocolBufferException {
        ColumnType seconds = ColumnType.newBuilder().setKind(ColumnKind.TIMESTAMP).setPrecision(0).build();
        assertThat(seconds.toByteArray()).containsExactly(0x08, ColumnKind.TIMESTAMP_VALUE, 0x18, 0);
        ColumnType read = ColumnType.parseFrom(seconds.toByteArray());
        assertThat(read.hasPrecision()).isTrue();
        assertThat(Timestamps.precision(read)).isZero();
        assertThat(read).isEqualTo(seconds).isNotEqualTo(stored(0x08, ColumnKind.TIMESTAMP_VALUE));
    }
}
