package io.relationshiplayer.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.proto.v1.SqlValue;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlValuesTest {
    @Test
    void everyKindRoundTrips() {
        for (Object o : List.of(42L, 7, 2.5, true, "text", new BigDecimal("-12.340"), LocalDate.of(1969, 12, 31),
                LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000), LocalDateTime.of(2024, 2, 29, 0, 0))) {
            assertThat(SqlValues.toJava(SqlValues.of(o))).isEqualTo(o);
        }
        assertThat((byte[]) SqlValues.toJava(SqlValues.of(new byte[] {0, -1}))).containsExactly(0, -1);
        assertThat(SqlValues.toJava(SqlValues.of(null))).isNull();
        assertThat(SqlValues.isNull(SqlValues.of(null))).isTrue();
        assertThat(SqlValues.isNull(SqlValue.getDefaultInstance())).isTrue();
    }

    @Test
    void wireFormsFollowTheContract() {
        assertThat(SqlValues.of(LocalDate.of(1970, 1, 2)).getDateValue()).isEqualTo(1);
        assertThat(SqlValues.of(LocalDateTime.of(1970, 1, 1, 0, 0, 1, 5_000)).getTimestampValue())
                .isEqualTo(1_000_005L);
        assertThat(SqlValues.of(new BigDecimal("1E+3")).getDecimalValue()).isEqualTo("1E+3");
        SqlValue given = SqlValue.newBuilder().setInt32Value(3).build();
        assertThat(SqlValues.of(given)).isSameAs(given);
    }

    @Test
    void otherTypesAreRefused() {
        assertThatThrownBy(() -> SqlValues.of(new Object())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.Object");
    }
}
