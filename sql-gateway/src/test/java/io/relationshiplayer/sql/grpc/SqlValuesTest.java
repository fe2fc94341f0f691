package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.SqlValue;
import io.relationshiplayer.sql.SqlException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Wire values to engine values and back, and the count of parameter markers; no server needed. */
class SqlValuesTest {

    @Test
    void parametersBecomeTheEnginesJavaTypes() {
        List<Object> p = SqlValues.params(List.of(
                SqlValue.newBuilder().setInt64Value(-7).build(), SqlValue.newBuilder().setInt32Value(7).build(),
                SqlValue.newBuilder().setDoubleValue(0.5).build(), SqlValue.newBuilder().setBoolValue(true).build(),
                SqlValue.newBuilder().setStringValue("s").build(),
                SqlValue.newBuilder().setBytesValue(ByteString.copyFrom(new byte[] {1, 2})).build(),
                SqlValue.newBuilder().setDecimalValue(" -1.50 ").build(),
                SqlValue.newBuilder().setDateValue(-1).build(),
                SqlValue.newBuilder().setTimestampValue(-1).build(),
                SqlValue.newBuilder().setNullValue(true).build()));
        assertThat(p.subList(0, 5)).containsExactly(-7L, 7, 0.5, true, "s");
        assertThat((byte[]) p.get(5)).containsExactly(1, 2);
        assertThat(p.get(6)).isEqualTo(new BigDecimal("-1.50"));
        assertThat(p.get(7)).isEqualTo(LocalDate.of(1969, 12, 31));
        assertThat(p.get(8)).isEqualTo(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000));
        assertThat(p.get(9)).isNull();
        assertThatThrownBy(() -> SqlValues.params(List.of(SqlValue.getDefaultInstance())))
                .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("22023"));
        assertThatThrownBy(() -> SqlValues.params(List.of(SqlValue.newBuilder().setDecimalValue("x").build())))
                .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("22P02"));
    }

    @Test
    void resultValuesTakeTheCaseOfTheirColumnKind() {
        assertThat(SqlValues.value(3, ColumnKind.BIGINT).getInt64Value()).isEqualTo(3L);
        assertThat(SqlValues.value(3L, ColumnKind.INTEGER).getInt32Value()).isEqualTo(3);
        assertThat(SqlValues.value(1L << 40, ColumnKind.INTEGER).getInt64Value()).as("does not fit: as it is")
                .isEqualTo(1L << 40);
        assertThat(SqlValues.value(5L, ColumnKind.DECIMAL).getDecimalValue()).isEqualTo("5");
        assertThat(SqlValues.value(new BigDecimal("1E+3"), ColumnKind.DECIMAL).getDecimalValue()).isEqualTo("1000");
        assertThat(SqlValues.value(2.5f, ColumnKind.DOUBLE).getDoubleValue()).isEqualTo(2.5);
        assertThat(SqlValues.value(null, ColumnKind.DATE).getNullValue()).isTrue();
        assertThat(SqlValues.value(LocalDateTime.of(1970, 1, 1, 0, 0, 1, 2_000), ColumnKind.TIMESTAMP)
                .getTimestampValue()).isEqualTo(1_000_002L);
        assertThat(SqlValues.value(LocalDate.of(1970, 1, 2), ColumnKind.DATE).getDateValue()).isEqualTo(1);
        assertThat(SqlValues.value("plan", ColumnKind.VARCHAR).getStringValue()).isEqualTo("plan");
        assertThat(SqlValues.value(Arrays.asList(1, 2), ColumnKind.VARCHAR).getStringValue()).isEqualTo("[1, 2]");
    }

    @Test
    void parameterMarkersOutsideLiteralsCommentsAndQuotedNamesCount() {
        assertThat(ParameterMarkers.count("SELECT 1")).isZero();
        assertThat(ParameterMarkers.count("SELECT ? + ?")).isEqualTo(2);
        assertThat(ParameterMarkers.count("SELECT '?', 'it''s ?', \"a?\" FROM t WHERE x = ? -- ?\n AND y = ? /* ? */"))
                .isEqualTo(2);
        assertThat(ParameterMarkers.count("SELECT '? unterminated")).isZero();
    }
}
