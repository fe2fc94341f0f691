package io.relationshiplayer.bench.study;

import java.util.Arrays;
import java.util.List;

/** The study's four experiments (section 4), in the order the benchmark runs them: reads on a loaded store first. */
enum Experiment {
    GET_SINGLE("get-single", "N loads of one ticket, one transaction each (ids picked untimed by a scan)", true,
            List.of(1_000, 5_000, 10_000, 20_000, 40_000), List.of(1_000)),
    GET_MULTIPLE("get-multiple", "N full scans of every stored ticket (streamed)", true,
            List.of(10, 50, 100, 200, 400), List.of(2)),
    CREATE_SINGLE("create-single", "N saves of one ticket, one transaction each (store emptied untimed before)", false,
            List.of(1_000, 5_000, 10_000, 20_000, 40_000), List.of(1_000)),
    CREATE_MULTIPLE("create-multiple", "BATCHES transactions of N tickets each (store emptied untimed before)", false,
            List.of(10, 50, 100, 200, 400), List.of(10));

    final String id;
    final String what;
    final boolean reads;
    final List<Integer> studySizes;
    final List<Integer> quickSizes;

    Experiment(String id, String what, boolean reads, List<Integer> studySizes, List<Integer> quickSizes) {
        this.id = id;
        this.what = what;
        this.reads = reads;
        this.studySizes = studySizes;
        this.quickSizes = quickSizes;
    }

    /** One load or save of one record per call: the experiments the per-call goal is about. */
    boolean singleRecord() {
        return this == GET_SINGLE || this == CREATE_SINGLE;
    }

    /** How many calls (transactions or scans) a run of size {@code n} makes. */
    long calls(int n, int batches) {
        return this == CREATE_MULTIPLE ? batches : n;
    }

    /** What one call is, for the per-call column. */
    String call() {
        switch (this) {
            case GET_MULTIPLE:
                return "one scan";
            case CREATE_MULTIPLE:
                return "one transaction of N tickets";
            default:
                return "one transaction of one ticket";
        }
    }

    static Experiment named(String id) {
        return Arrays.stream(values()).filter(e -> e.id.equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown experiment '" + id + "': expected one of "
                        + Arrays.stream(values()).map(e -> e.id).toList()));
    }
}
