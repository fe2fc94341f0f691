package io.relationshiplayer.bench.relationships;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The foreign-key benchmark's two tables print what their printf formats printed (kept here as the reference). */
class ForeignKeyTablesTest {
    @Test
    void lookupsLineUpAsTheirFormatDid() {
        assertThat(ForeignKeyBenchmark.LOOKUPS.header()).isEqualTo(String.format(Locale.ROOT,
                "  %-8s %8s %8s %24s %24s %9s", "latency", "parents", "children", "sequential childrenOf",
                "batched childrenOfMany", "speed-up"));
        for (var l : List.of(new ForeignKeyBenchmark.Lookups(1_000, 50_000, 123_456_789L, 4_567_890L),
                new ForeignKeyBenchmark.Lookups(123_456_789, 9_876_543_210L, 1L, 3L))) {
            assertThat(l.row("cluster")).isEqualTo(String.format(Locale.ROOT,
                    "  %-8s %,8d %,8d %21.2f ms %21.2f ms %8.1fx", "cluster", l.parents(), l.children(),
                    l.sequentialNanos() / 1e6, l.batchedNanos() / 1e6,
                    (double) l.sequentialNanos() / l.batchedNanos()));
        }
    }

    @Test
    void insertsLineUpAsTheirFormatDid() {
        assertThat(ForeignKeyBenchmark.INSERTS.header()).isEqualTo(String.format(Locale.ROOT,
                "  %-36s %10s %9s %12s   %s", "table", "time (s)", "cpu (s)", "rows/s", "runs (s)"));
        assertThat(ForeignKeyBenchmark.INSERTS.row(List.of("foreign key, checked", "1.235", "1.111", "80,972",
                "1.234, 1.300"))).isEqualTo(String.format(Locale.ROOT, "  %-36s %10.3f %9.3f %,12.0f   %s",
                "foreign key, checked", 1.2345, 1.111, 80_972.0, "1.234, 1.300"));
    }
}
