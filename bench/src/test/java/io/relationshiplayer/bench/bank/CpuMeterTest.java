package io.relationshiplayer.bench.bank;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CpuMeterTest {
    @Test
    void theJvmsCpuBetweenTwoReadingsGrowsWithWorkDone() {
        CpuMeter meter = CpuMeter.jvm();
        assertThat(meter).isNotNull();
        assertThat(meter.mark()).isZero();
        long before = CpuMeter.jvmNanos();
        long x = 0;
        // Busy until the JVM reports 10 ms of CPU, however loaded the machine; a meter whose lap stood still fails.
        long until = System.nanoTime() + 10_000_000_000L;
        while (CpuMeter.jvmNanos() - before < 10_000_000L && System.nanoTime() < until) {
            for (int i = 0; i < 10_000; i++) {
                x += Long.numberOfTrailingZeros(x + i);
            }
        }
        assertThat(x).isNotNegative();
        assertThat(meter.lap()).isGreaterThanOrEqualTo(10_000_000L);
    }
}
