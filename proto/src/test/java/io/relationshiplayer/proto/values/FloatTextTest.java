package io.relationshiplayer.proto.values;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FloatTextTest {
    @Test
    void doublesAsPostgresWritesThem() {
        assertThat(FloatText.text(8.0)).isEqualTo("8");
        assertThat(FloatText.text(1e20)).isEqualTo("1e+20");
        assertThat(FloatText.text(-1.5e-5)).isEqualTo("-1.5e-05");
        assertThat(FloatText.text(123456789012345.0)).isEqualTo("123456789012345");
        assertThat(FloatText.text(1e15)).isEqualTo("1e+15");
        assertThat(FloatText.text(0.0001)).isEqualTo("0.0001");
        assertThat(FloatText.text(0.1 + 0.2)).isEqualTo("0.30000000000000004");
        assertThat(FloatText.text(3.3333333333333335e299)).isEqualTo("3.3333333333333335e+299");
        assertThat(FloatText.text(-0.0)).isEqualTo("-0");
        assertThat(FloatText.text(Double.NaN)).isEqualTo("NaN");
        assertThat(FloatText.text(Double.NEGATIVE_INFINITY)).isEqualTo("-Infinity");
    }

    @Test
    void realsAsPostgresWritesThem() {
        assertThat(FloatText.text(0.1f)).isEqualTo("0.1");
        assertThat(FloatText.text(123456789f)).isEqualTo("1.2345679e+08");
        assertThat(FloatText.text(1e30f)).isEqualTo("1e+30");
        assertThat(FloatText.text(Float.POSITIVE_INFINITY)).isEqualTo("Infinity");
    }

    @Test
    void everyTextReadsBackAsItsValue() {
        java.util.Random random = new java.util.Random(42);
        for (int i = 0; i < 20_000; i++) {
            double d = Double.longBitsToDouble(random.nextLong());
            if (Double.isFinite(d)) {
                assertThat(Double.parseDouble(FloatText.text(d))).isEqualTo(d);
            }
            float f = Float.intBitsToFloat(random.nextInt());
            if (Float.isFinite(f)) {
                assertThat(Float.parseFloat(FloatText.text(f))).isEqualTo(f);
                assertThat(digits(FloatText.text(f))).isLessThanOrEqualTo(digits(Float.toString(f)));
            }
        }
    }

    private static int digits(String number) {
        return new java.math.BigDecimal(number).stripTrailingZeros().precision();
    }
}
