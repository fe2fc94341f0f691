package io.relationshiplayer.bench.bank;

import java.util.Arrays;

/** Latencies in nanoseconds, appended by one thread, merged and summarised after the run. */
public final class Latencies {
    private long[] values = new long[1024];
    private int size;

    public void add(long nanos) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = nanos;
    }

    public int count() {
        return size;
    }

    public static Latencies merge(Iterable<Latencies> parts) {
        Latencies all = new Latencies();
        for (Latencies p : parts) {
            for (int i = 0; i < p.size; i++) {
                all.add(p.values[i]);
            }
        }
        Arrays.sort(all.values, 0, all.size);
        return all;
    }

    /** Sorted values (after {@link #merge}). */
    long[] sorted() {
        long[] copy = Arrays.copyOf(values, size);
        Arrays.sort(copy);
        return copy;
    }

    public double avgMs() {
        if (size == 0) {
            return 0;
        }
        double sum = 0;
        for (int i = 0; i < size; i++) {
            sum += values[i];
        }
        return sum / size / 1e6;
    }

    /** The q-quantile (0..1) in ms, nearest rank; of a merged (sorted) instance. */
    public double percentileMs(double q) {
        if (size == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(q * size) - 1;
        return values[Math.max(0, Math.min(size - 1, rank))] / 1e6;
    }

    public double maxMs() {
        long max = 0;
        for (int i = 0; i < size; i++) {
            max = Math.max(max, values[i]);
        }
        return max / 1e6;
    }
}
