package io.relationshiplayer.sql.calcite;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.AccessPaths;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.relationships.Table;
import io.relationshiplayer.sql.SqlEngine;
import io.relationshiplayer.sql.SqlSession;
import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.TimestampString;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Comparison operands as key values, exactly as SQL compares them: a DECIMAL literal's value (not its unscaled
 * digits), never rounded to the key column's scale, integer keys equal to no fraction and no value past their range,
 * and range bounds between two values of the column moved to the nearer one inside the range.
 */
class KeyValuesTest {
    private static Backend backend;
    private static Table t;

    @BeforeAll
    static void open() {
        backend = Backend.open("embedded:memory");
        RelationshipLayer layer = new RelationshipLayer(new RecordStores(backend.recordDatabase()));
        SqlEngine engine = new SqlEngine(layer);
        try (SqlSession s = engine.open("db")) {
            s.execute("CREATE TABLE k (d DECIMAL(10,3) PRIMARY KEY, i INTEGER, b BIGINT, f DOUBLE)", List.of());
        }
        t = layer.catalog("db").requireTable("k");
    }

    @AfterAll
    static void close() {
        backend.close();
    }

    private static BigDecimal dec(String s) {
        return new BigDecimal(s);
    }

    @Test
    void aDecimalLiteralIsItsValue() {
        RexBuilder rex = new RexBuilder(new JavaTypeFactoryImpl(RlTypeSystem.INSTANCE));
        RelDataTypeFactory types = rex.getTypeFactory();
        RexLiteral literal = (RexLiteral) rex.makeExactLiteral(dec("2.500"),
                types.createSqlType(SqlTypeName.DECIMAL, 10, 3));
        assertThat(RecordLayerRead.Operand.literalValue(literal)).isEqualTo(dec("2.500"));
        RexLiteral whole = (RexLiteral) rex.makeExactLiteral(dec("7"), types.createSqlType(SqlTypeName.BIGINT));
        assertThat(RecordLayerRead.Operand.literalValue(whole)).isEqualTo(dec("7"));
        RexLiteral ts = rex.makeTimestampLiteral(new TimestampString("2024-01-01 10:00:00.123456"), 6);
        assertThat(RecordLayerRead.Operand.literalValue(ts)).isEqualTo(new TimestampString(
                "2024-01-01 10:00:00.123456"));
    }

    @Test
    void equalityFindsTheColumnsValueOrNone() {
        assertThat(KeyValues.equal(t, 0, dec("2.5"))).isEqualTo(dec("2.500"));
        assertThat(KeyValues.equal(t, 0, dec("2.50000"))).isEqualTo(dec("2.500"));
        assertThat(KeyValues.equal(t, 0, 2L)).isEqualTo(dec("2.000"));
        assertThat(KeyValues.equal(t, 0, dec("-0.0"))).isEqualTo(dec("0.000"));
        assertThat(KeyValues.equal(t, 0, dec("2.5004"))).isSameAs(KeyValues.NONE);
        assertThat(KeyValues.equal(t, 0, dec("9999999.999"))).isEqualTo(dec("9999999.999"));
        assertThat(KeyValues.equal(t, 0, dec("10000000"))).isSameAs(KeyValues.NONE);
        assertThat(KeyValues.equal(t, 0, 2.5)).isEqualTo(dec("2.500"));
        assertThat(KeyValues.equal(t, 1, dec("7.0"))).isEqualTo(7);
        assertThat(KeyValues.equal(t, 1, dec("7.5"))).isSameAs(KeyValues.NONE);
        assertThat(KeyValues.equal(t, 1, 3_000_000_000L)).isSameAs(KeyValues.NONE);
        assertThat(KeyValues.equal(t, 1, (long) Integer.MIN_VALUE)).isEqualTo(Integer.MIN_VALUE);
        assertThat(KeyValues.equal(t, 2, dec("9223372036854775808"))).isSameAs(KeyValues.NONE);
        assertThat(KeyValues.equal(t, 3, dec("0.1"))).isEqualTo(0.1);
        assertThat(KeyValues.equal(t, 3, -0.0)).isEqualTo(0.0);
    }

    private static Object bound(int column, Object v, boolean inclusive, boolean low) {
        AccessPaths.Bound b = KeyValues.bound(t, column, v, inclusive, low);
        if (b == null) {
            return "none";
        }
        if (b == KeyValues.ABOVE_NULL) {
            return "not null";
        }
        if (b == KeyValues.EMPTY) {
            return "empty";
        }
        return (b.inclusive() ? "[" : "(") + b.values()[0];
    }

    @Test
    void boundsBetweenTwoValuesMoveToTheNearerInside() {
        assertThat(bound(0, dec("2.5"), false, true)).isEqualTo("(2.500");
        assertThat(bound(0, dec("2.4996"), false, true)).isEqualTo("[2.500");
        assertThat(bound(0, dec("2.4996"), true, true)).isEqualTo("[2.500");
        assertThat(bound(0, dec("2.5004"), false, false)).isEqualTo("[2.500");
        assertThat(bound(0, dec("-2.5004"), true, false)).isEqualTo("[-2.501");
        assertThat(bound(0, dec("-2.5004"), true, true)).isEqualTo("[-2.500");
        assertThat(bound(0, dec("99999999"), true, true)).isEqualTo("empty");
        assertThat(bound(0, dec("9999999.999"), false, true)).isEqualTo("empty");
        assertThat(bound(0, dec("9999999.999"), true, true)).isEqualTo("[9999999.999");
        assertThat(bound(0, dec("99999999"), true, false)).isEqualTo("none");
        assertThat(bound(0, dec("-99999999"), true, true)).isEqualTo("not null");
        assertThat(bound(0, dec("-99999999"), false, false)).isEqualTo("empty");
        assertThat(bound(1, dec("4.5"), false, true)).isEqualTo("[5");
        assertThat(bound(1, dec("4.5"), false, false)).isEqualTo("[4");
        assertThat(bound(1, (long) Integer.MIN_VALUE, true, false)).isEqualTo("[" + Integer.MIN_VALUE);
        assertThat(bound(1, (long) Integer.MIN_VALUE, false, false)).isEqualTo("empty");
        assertThat(bound(1, 3_000_000_000L, false, false)).isEqualTo("none");
        assertThat(bound(1, -3_000_000_000L, false, true)).isEqualTo("not null");
        assertThat(bound(2, Long.MIN_VALUE, true, false)).isEqualTo("[" + Long.MIN_VALUE);
        assertThat(bound(3, dec("0.5"), false, true)).isEqualTo("(0.5");
    }
}
