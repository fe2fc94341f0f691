package io.relationshiplayer.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The text exposition format: help and type lines, label escaping, cumulative histogram buckets, gauges. */
class MetricsRegistryTest {
    @Test
    void countersHistogramsAndGaugesAreWrittenInTheTextFormat() {
        MetricsRegistry r = new MetricsRegistry();
        MetricsRegistry.Counter c = r.counter("x_total", "Things.", "kind");
        c.inc("a\"b");
        c.add(2, "a\"b");
        MetricsRegistry.Histogram h = r.histogram("y_seconds", "Times.", new double[] {0.1, 1});
        h.observe(0.05);
        h.observe(0.1);
        h.observe(0.5);
        h.observe(7);
        AtomicInteger g = new AtomicInteger(3);
        r.gauge("z", "Now.", g::get);
        g.set(4);

        assertThat(r.scrape()).isEqualTo("""
                # HELP x_total Things.
                # TYPE x_total counter
                x_total{kind="a\\"b"} 3
                # HELP y_seconds Times.
                # TYPE y_seconds histogram
                y_seconds_bucket{le="0.1"} 2
                y_seconds_bucket{le="1"} 3
                y_seconds_bucket{le="+Inf"} 4
                y_seconds_sum 7.65
                y_seconds_count 4
                # HELP z Now.
                # TYPE z gauge
                z 4
                """);
        assertThat(h.count()).isEqualTo(4);
        assertThat(c.value("a\"b")).isEqualTo(3);
    }

    @Test
    void misuseIsRefused() {
        MetricsRegistry r = new MetricsRegistry();
        MetricsRegistry.Counter c = r.counter("x_total", "Things.", "kind");
        assertThatThrownBy(() -> c.inc()).hasMessageContaining("takes labels [kind]");
        assertThatThrownBy(() -> r.counter("x_total", "Again.")).hasMessageContaining("already registered");
        assertThatThrownBy(() -> r.histogram("h", "H.", new double[] {1, 1})).hasMessageContaining("ascend");
    }
}
