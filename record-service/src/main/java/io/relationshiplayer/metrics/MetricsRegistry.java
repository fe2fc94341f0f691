package io.relationshiplayer.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.function.DoubleSupplier;
import javax.annotation.Nonnull;

/**
 * Counters, gauges and histograms with labels, written in Prometheus' text exposition format (version 0.0.4). Small on
 * purpose: what the server needs and nothing more, with no dependency beyond the JDK.
 */
public final class MetricsRegistry {
    private final Map<String, Family> families = new ConcurrentSkipListMap<>();

    /** A counter family; {@code name} should end in {@code _total}. */
    @Nonnull
    public Counter counter(String name, String help, String... labelNames) {
        return register(new Counter(name, help, labelNames));
    }

    /** A histogram family with these upper bucket bounds (seconds, ascending); +Inf is implied. */
    @Nonnull
    public Histogram histogram(String name, String help, double[] buckets, String... labelNames) {
        return register(new Histogram(name, help, buckets, labelNames));
    }

    /** A gauge read from {@code value} at each scrape. */
    public void gauge(String name, String help, DoubleSupplier value) {
        register(new Gauge(name, help, value));
    }

    private <F extends Family> F register(F family) {
        if (families.putIfAbsent(family.name, family) != null) {
            throw new IllegalArgumentException("metric already registered: " + family.name);
        }
        return family;
    }

    /** Every family in the text exposition format. */
    @Nonnull
    public String scrape() {
        StringBuilder out = new StringBuilder();
        for (Family f : families.values()) {
            out.append("# HELP ").append(f.name).append(' ').append(f.help.replace("\\", "\\\\").replace("\n", "\\n"))
                    .append('\n');
            out.append("# TYPE ").append(f.name).append(' ').append(f.type()).append('\n');
            f.write(out);
        }
        return out.toString();
    }

    /** One metric name with its help text, type and label names. */
    abstract static class Family {
        final String name;
        final String help;
        final String[] labelNames;

        Family(String name, String help, String[] labelNames) {
            this.name = Objects.requireNonNull(name, "name is null");
            this.help = Objects.requireNonNull(help, "help is null");
            this.labelNames = labelNames.clone();
        }

        abstract String type();

        abstract void write(StringBuilder out);

        List<String> key(String[] labels) {
            if (labels.length != labelNames.length) {
                throw new IllegalArgumentException(name + " takes labels " + Arrays.toString(labelNames));
            }
            return List.of(labels);
        }

        /** {@code {a="x",b="y"}} with {@code extra} appended (the histogram's le), or nothing if no labels. */
        String labels(List<String> values, String extraName, String extraValue) {
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < labelNames.length; i++) {
                parts.add(labelNames[i] + "=\"" + escape(values.get(i)) + "\"");
            }
            if (extraName != null) {
                parts.add(extraName + "=\"" + extraValue + "\"");
            }
            return parts.isEmpty() ? "" : "{" + String.join(",", parts) + "}";
        }

        private static String escape(String v) {
            return v.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
        }
    }

    /** A monotonically increasing count per label set. */
    public static final class Counter extends Family {
        private final Map<List<String>, DoubleAdder> values = new ConcurrentHashMap<>();

        Counter(String name, String help, String[] labelNames) {
            super(name, help, labelNames);
        }

        public void inc(String... labels) {
            add(1, labels);
        }

        public void add(double amount, String... labels) {
            values.computeIfAbsent(key(labels), k -> new DoubleAdder()).add(amount);
        }

        /** The current value for a label set (0 if never counted). */
        public double value(String... labels) {
            DoubleAdder a = values.get(key(labels));
            return a == null ? 0 : a.sum();
        }

        @Override
        String type() {
            return "counter";
        }

        @Override
        void write(StringBuilder out) {
            values.forEach((k, v) -> out.append(name).append(labels(k, null, null)).append(' ')
                    .append(number(v.sum())).append('\n'));
        }
    }

    /** Observations counted into cumulative buckets, with their sum and count, per label set. */
    public static final class Histogram extends Family {
        private final double[] bounds;
        private final Map<List<String>, Series> series = new ConcurrentHashMap<>();

        Histogram(String name, String help, double[] bounds, String[] labelNames) {
            super(name, help, labelNames);
            this.bounds = bounds.clone();
            for (int i = 1; i < bounds.length; i++) {
                if (bounds[i] <= bounds[i - 1]) {
                    throw new IllegalArgumentException("buckets must ascend: " + Arrays.toString(bounds));
                }
            }
        }

        public void observe(double value, String... labels) {
            Series s = series.computeIfAbsent(key(labels), k -> new Series(bounds.length));
            int i = 0;
            while (i < bounds.length && value > bounds[i]) {
                i++;
            }
            s.buckets.incrementAndGet(i);
            s.sum.add(value);
        }

        /** Records the time since {@code startNanos} (a {@link System#nanoTime()}) in seconds. */
        public void observeSince(long startNanos, String... labels) {
            observe((System.nanoTime() - startNanos) / 1e9, labels);
        }

        /** Observations so far for a label set. */
        public long count(String... labels) {
            Series s = series.get(key(labels));
            if (s == null) {
                return 0;
            }
            long n = 0;
            for (int i = 0; i < s.buckets.length(); i++) {
                n += s.buckets.get(i);
            }
            return n;
        }

        @Override
        String type() {
            return "histogram";
        }

        @Override
        void write(StringBuilder out) {
            series.forEach((k, s) -> {
                long cumulative = 0;
                for (int i = 0; i <= bounds.length; i++) {
                    cumulative += s.buckets.get(i);
                    String le = i < bounds.length ? number(bounds[i]) : "+Inf";
                    out.append(name).append("_bucket").append(labels(k, "le", le)).append(' ').append(cumulative)
                            .append('\n');
                }
                out.append(name).append("_sum").append(labels(k, null, null)).append(' ')
                        .append(number(s.sum.sum())).append('\n');
                out.append(name).append("_count").append(labels(k, null, null)).append(' ').append(cumulative)
                        .append('\n');
            });
        }

        private static final class Series {
            final AtomicLongArray buckets;
            final DoubleAdder sum = new DoubleAdder();

            Series(int bounds) {
                buckets = new AtomicLongArray(bounds + 1);
            }
        }
    }

    /** A value read when scraped. */
    static final class Gauge extends Family {
        private final DoubleSupplier value;

        Gauge(String name, String help, DoubleSupplier value) {
            super(name, help, new String[0]);
            this.value = Objects.requireNonNull(value, "value is null");
        }

        @Override
        String type() {
            return "gauge";
        }

        @Override
        void write(StringBuilder out) {
            out.append(name).append(' ').append(number(value.getAsDouble())).append('\n');
        }
    }

    static String number(double v) {
        if (v == Math.rint(v) && !Double.isInfinite(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }
}
