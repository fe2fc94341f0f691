package io.relationshiplayer.bench.study;

import io.relationshiplayer.bench.bank.Latencies;
import java.util.List;

/** The per-call times of every run of one cell on one path: how many calls, their p50, p99 and max in µs. */
record CallStats(long count, double p50Micros, double p99Micros, double maxMicros) {
    static CallStats of(List<Latencies> runs) {
        Latencies all = Latencies.merge(runs);
        return new CallStats(all.count(), all.percentileMs(0.50) * 1000, all.percentileMs(0.99) * 1000,
                all.maxMs() * 1000);
    }
}
