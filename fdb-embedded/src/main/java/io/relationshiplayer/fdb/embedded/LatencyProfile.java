package io.relationshiplayer.fdb.embedded;

import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Injected latency per operation, so that the embedded backend can model a networked cluster. Each operation waits a
 * uniformly random time between its minimum and maximum (microseconds) before its future completes.
 *
 * @param grvMinMicros     read-version (start transaction) latency, lower bound
 * @param grvMaxMicros     read-version latency, upper bound
 * @param readMinMicros    point read / getKey latency, lower bound
 * @param readMaxMicros    point read latency, upper bound
 * @param rangeMinMicros   latency of each batch of a range read, lower bound
 * @param rangeMaxMicros   latency of each batch of a range read, upper bound
 * @param commitMinMicros  commit latency, lower bound
 * @param commitMaxMicros  commit latency, upper bound
 */
public record LatencyProfile(long grvMinMicros, long grvMaxMicros, long readMinMicros, long readMaxMicros,
                             long rangeMinMicros, long rangeMaxMicros, long commitMinMicros, long commitMaxMicros) {

    /** No injected latency: operations complete as fast as the engine answers. */
    public static final LatencyProfile NONE = new LatencyProfile(0, 0, 0, 0, 0, 0, 0, 0);

    /**
     * FoundationDB's published latencies under 75 % load (start transaction 0.3-1.0 ms, read 0.1-1.0 ms, commit
     * 1.5-2.5 ms), the cluster the study measured against.
     */
    public static final LatencyProfile CLUSTER = new LatencyProfile(300, 1000, 100, 1000, 100, 1000, 1500, 2500);

    public LatencyProfile {
        check(grvMinMicros, grvMaxMicros, "grv");
        check(readMinMicros, readMaxMicros, "read");
        check(rangeMinMicros, rangeMaxMicros, "range");
        check(commitMinMicros, commitMaxMicros, "commit");
    }

    private static void check(long min, long max, String what) {
        if (min < 0 || max < min) {
            throw new IllegalArgumentException(what + " latency bounds must satisfy 0 <= min <= max, got " + min + ".." + max);
        }
    }

    /** Parses {@code none} or {@code cluster}. */
    public static LatencyProfile named(String name) {
        switch (name.toLowerCase(Locale.ROOT)) {
            case "none":
                return NONE;
            case "cluster":
                return CLUSTER;
            default:
                throw new IllegalArgumentException("unknown latency profile '" + name + "': expected none or cluster");
        }
    }

    public boolean isNone() {
        return grvMaxMicros == 0 && readMaxMicros == 0 && rangeMaxMicros == 0 && commitMaxMicros == 0;
    }

    long grv() {
        return pick(grvMinMicros, grvMaxMicros);
    }

    long read() {
        return pick(readMinMicros, readMaxMicros);
    }

    long range() {
        return pick(rangeMinMicros, rangeMaxMicros);
    }

    long commit() {
        return pick(commitMinMicros, commitMaxMicros);
    }

    private static long pick(long min, long max) {
        return max == min ? min : ThreadLocalRandom.current().nextLong(min, max + 1);
    }
}
