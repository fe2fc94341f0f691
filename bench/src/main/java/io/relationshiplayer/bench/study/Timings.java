package io.relationshiplayer.bench.study;

import java.util.ArrayList;
import java.util.List;

/** The timings of repeated runs, summarised as the study did: the mean and a 99.9 % confidence half-width. */
final class Timings {
    /** Two-sided 99.9 % quantile of the normal distribution; the study's +/- is this times s / sqrt(runs). */
    static final double Z_999 = 3.2905;

    private final List<Double> millis = new ArrayList<>();

    void add(double ms) {
        millis.add(ms);
    }

    /** Every run's time in ms, in the order run. */
    List<Double> values() {
        return List.copyOf(millis);
    }

    int count() {
        return millis.size();
    }

    double mean() {
        return millis.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** Sample standard deviation (0 for a single run). */
    double stdev() {
        int n = millis.size();
        if (n < 2) {
            return 0;
        }
        double m = mean();
        double sum = 0;
        for (double v : millis) {
            sum += (v - m) * (v - m);
        }
        return Math.sqrt(sum / (n - 1));
    }

    /** The +/- of the mean as the study reported it. */
    double err() {
        return millis.isEmpty() ? Double.NaN : Z_999 * stdev() / Math.sqrt(millis.size());
    }
}
