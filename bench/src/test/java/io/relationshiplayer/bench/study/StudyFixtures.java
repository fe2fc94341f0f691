package io.relationshiplayer.bench.study;

import io.relationshiplayer.bench.study.StudyBenchmark.Row;
import java.util.List;

/** Fixed study rows and a fixed reference, so that the tables and the JSON can be compared byte for byte. */
final class StudyFixtures {
    private StudyFixtures() {
    }

    static final StudyReference REFERENCE = new StudyReference(List.of(
            new StudyReference.Row("get-single", 1000, 120.5, 3.25, 150.75, 4.5, 25.1),
            new StudyReference.Row("get-single", 5000, 600.0, 10.0, 700.0, 12.0, 16.67),
            new StudyReference.Row("create-multiple", 10, 55.5, 1.5, 60.25, 2.0, 8.56)), "the study \"paper\"");

    static StudySettings settings() {
        return StudySettings.parse(new String[] {"--runs", "2", "--warmup-seconds", "0", "--tickets", "200",
            "--batches", "20", "--clients", "1,4", "--sizes", "get-single=1000,40", "--sizes", "create-multiple=5"});
    }

    static Timings timings(double... ms) {
        Timings t = new Timings();
        for (double m : ms) {
            t.add(m);
        }
        return t;
    }

    static List<Row> rows() {
        return List.of(
                new Row(Experiment.GET_SINGLE, 1000, 1, timings(100.25, 110.5), timings(130.0, 128.125),
                        new CallStats(2000, 101.5, 250.25, 1234.5), new CallStats(2000, 130.25, 300.5, 2345.75)),
                new Row(Experiment.GET_SINGLE, 40, 1, timings(4.0), timings(5.5),
                        new CallStats(40, 99.0, 120.0, 130.0), new CallStats(40, 130.0, 150.0, 1600.0)),
                new Row(Experiment.GET_SINGLE, 1000, 4, timings(40.5, 41.5), timings(60.0, 62.0),
                        new CallStats(2000, 80.5, 200.0, 900.0), new CallStats(2000, 120.0, 280.0, 1900.0)),
                new Row(Experiment.CREATE_MULTIPLE, 5, 1, timings(12345.5, 12000.25), timings(13000.0, 13500.0),
                        new CallStats(40, 610000.0, 650000.0, 700000.0), new CallStats(40, 650000.0, 690000.0,
                        720000.0)),
                new Row(Experiment.GET_MULTIPLE, 2, 1, timings(3.0), timings(Double.NaN),
                        new CallStats(2, 1500.0, 1600.0, 1700.0),
                        new CallStats(0, Double.NaN, Double.NaN, Double.NaN)));
    }
}
