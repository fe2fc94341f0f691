package io.relationshiplayer.proto.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.relationshiplayer.proto.v1.SqlValue;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlValueCodecTest {
    @Test
    void everyJavaTypeTakesItsKindAndComesBack() {
        for (Object o : List.of(Long.MIN_VALUE, Integer.MAX_VALUE, -0.5, false, "", "é", new BigDecimal("-12.340"),
                LocalDate.of(1969, 12, 31), LocalDate.of(2024, 2, 29),
                LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000), LocalDateTime.of(2024, 2, 29, 0, 0))) {
            assertThat(SqlValueCodec.decode(SqlValueCodec.encode(o))).as("%s", o).isEqualTo(o);
        }
        assertThat(SqlValueCodec.encode(7L).getKindCase()).isEqualTo(SqlValue.KindCase.INT64_VALUE);
        assertThat(SqlValueCodec.encode(7).getKindCase()).isEqualTo(SqlValue.KindCase.INT32_VALUE);
        assertThat(SqlValueCodec.encode((short) 7).getInt32Value()).isEqualTo(7);
        assertThat(SqlValueCodec.encode(2.5f).getDoubleValue()).isEqualTo(2.5);
        assertThat(SqlValueCodec.encode(ByteString.copyFrom(new byte[] {3})).getBytesValue().toByteArray())
                .containsExactly(3);
        assertThat((byte[]) SqlValueCodec.decode(SqlValueCodec.encode(new byte[] {0, -1}))).containsExactly(0, -1);
    }

    @Test
    void nullIsNullValueAndAValueWithoutKindCountsAsNull() {
        assertThat(SqlValueCodec.encode(null)).isSameAs(SqlValueCodec.NULL);
        assertThat(SqlValueCodec.NULL.getNullValue()).isTrue();
        assertThat(SqlValueCodec.decode(SqlValueCodec.NULL)).isNull();
        assertThat(SqlValueCodec.isNull(SqlValueCodec.NULL)).isTrue();
        assertThat(SqlValueCodec.isNull(SqlValue.getDefaultInstance())).isTrue();
        assertThat(SqlValueCodec.isNull(SqlValueCodec.encode(0L))).isFalse();
    }

    @Test
    void wireFormsFollowTheContract() {
        assertThat(SqlValueCodec.encode(LocalDate.of(1970, 1, 2)).getDateValue()).isEqualTo(1);
        assertThat(SqlValueCodec.encode(LocalDate.of(1969, 12, 31)).getDateValue()).isEqualTo(-1);
        assertThat(SqlValueCodec.encode(LocalDateTime.of(1970, 1, 1, 0, 0, 1, 5_999)).getTimestampValue())
                .as("below a microsecond is dropped").isEqualTo(1_000_005L);
        assertThat(SqlValueCodec.micros(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000))).isEqualTo(-1L);
        assertThat(SqlValueCodec.localDateTime(-1L)).isEqualTo(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000));
        assertThat(SqlValueCodec.localDateTime(1_000_005L)).isEqualTo(LocalDateTime.of(1970, 1, 1, 0, 0, 1, 5_000));
        assertThat(SqlValueCodec.encode(new BigDecimal("1E+3")).getDecimalValue()).as("as the value's own text")
                .isEqualTo("1E+3");
        SqlValue given = SqlValue.newBuilder().setInt32Value(3).build();
        assertThat(SqlValueCodec.encode(given)).isSameAs(given);
    }

    @Test
    void aDecimalsTextMayHaveBlanksButMustBeANumber() {
        assertThat(SqlValueCodec.decode(SqlValue.newBuilder().setDecimalValue(" -1.50 ").build()))
                .isEqualTo(new BigDecimal("-1.50"));
        assertThat(SqlValueCodec.decode(SqlValue.newBuilder().setDecimalValue("1E+3").build()))
                .isEqualTo(new BigDecimal("1E+3"));
        assertThatThrownBy(() -> SqlValueCodec.decode(SqlValue.newBuilder().setDecimalValue("1.2.3").build()))
                .isInstanceOf(NumberFormatException.class);
    }

    @Test
    void otherTypesAndValuesWithoutKindAreRefused() {
        assertThat(SqlValueCodec.tryEncode(new Object())).isNull();
        assertThat(SqlValueCodec.tryEncode((byte) 1)).as("Byte is the server's own choice").isNull();
        assertThat(SqlValueCodec.tryEncode(null)).isSameAs(SqlValueCodec.NULL);
        assertThatThrownBy(() -> SqlValueCodec.encode(new Object())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.Object");
        assertThatThrownBy(() -> SqlValueCodec.decode(SqlValue.getDefaultInstance()))
                .isInstanceOf(IllegalArgumentException.class).isNotInstanceOf(NumberFormatException.class)
                .hasMessageContaining("no kind");
    }
}
