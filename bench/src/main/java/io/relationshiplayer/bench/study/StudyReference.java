package io.relationshiplayer.bench.study;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import javax.annotation.Nonnull;

/**
 * The study's own tables (section 4 of {@code shared/seeds/000_9f3b916504d7a097.txt}): mean of 20 runs in ms, the
 * reported +/-, and the proxy's increase, read from {@code shared/reference/study-results.csv} or, without that file,
 * the same rows built in.
 *
 * @param rows   every published row
 * @param source where the rows came from
 */
record StudyReference(List<Row> rows, String source) {
    /** One published row: experiment, N, no-proxy and proxy times with their errors, % increase. */
    record Row(String experiment, int n, double directMs, double directErrMs, double proxyMs, double proxyErrMs,
               double increasePct) {
    }

    /** Relative locations tried from the working directory (the repository root, or a module inside it). */
    static final List<String> CANDIDATES = List.of("../shared/reference/study-results.csv",
            "shared/reference/study-results.csv", "../../shared/reference/study-results.csv");

    /** A copy of shared/reference/study-results.csv (the study's Tables 1-4), for when the file is not found. */
    private static final String BUILT_IN = """
            get-single,1000,1335.40,15.48,1782.35,80.91,33.47
            get-single,5000,6319.50,60.42,7447.65,72.04,17.85
            get-single,10000,12525.05,81.47,14354.10,87.04,14.60
            get-single,20000,24936.70,119.98,27815.0,143.04,11.54
            get-single,40000,49522.80,199.89,54526.0,173.46,10.10
            get-multiple,10,1526.35,15.84,1642.05,18.47,7.58
            get-multiple,50,5855.75,66.25,7023.70,51.00,19.95
            get-multiple,100,11220.40,63.00,13883.55,54.98,23.73
            get-multiple,200,22105.75,250.38,26766.95,142.92,21.09
            get-multiple,400,43695.85,348.24,54060.25,199.79,23.72
            create-single,1000,4113.50,70.66,4305.95,49.32,4.68
            create-single,5000,19791.80,90.93,20045.70,126.23,1.28
            create-single,10000,39358.35,238.27,39577.40,185.76,0.56
            create-single,20000,78946.55,420.61,78803.85,433.98,-0.18
            create-single,40000,159947.95,2544.05,163947.50,1787.43,2.50
            create-multiple,10,3005.15,42.41,3185.90,29.57,6.0
            create-multiple,50,9091.70,70.42,9317.05,114.41,2.5
            create-multiple,100,16699.30,122.69,17182.35,73.59,2.9
            create-multiple,200,32001.25,132.21,32699.90,248.54,2.2
            create-multiple,400,61929.30,327.98,63828.75,1523.45,3.1
            """;

    /** The rows of {@code explicit} if given, else of the first candidate file that exists, else built in. */
    @Nonnull
    static StudyReference resolve(@Nonnull Optional<Path> explicit) throws IOException {
        if (explicit.isPresent()) {
            return load(explicit.get());
        }
        for (String candidate : CANDIDATES) {
            Path p = Path.of(candidate);
            if (Files.isRegularFile(p)) {
                return load(p);
            }
        }
        return new StudyReference(parse(BUILT_IN.lines().toList()),
                "built in: the study's Tables 1-4 (copy of shared/reference/study-results.csv)");
    }

    static StudyReference load(Path csv) throws IOException {
        List<Row> rows = parse(Files.readAllLines(csv));
        if (rows.isEmpty()) {
            throw new IllegalArgumentException(csv + " holds no study rows");
        }
        return new StudyReference(rows, csv.toAbsolutePath().normalize().toString());
    }

    private static List<Row> parse(List<String> lines) {
        List<Row> rows = new ArrayList<>();
        for (String line : lines) {
            String[] f = line.trim().split(",");
            if (f.length < 7 || f[0].equals("experiment") || f[0].isEmpty()) {
                continue;
            }
            rows.add(new Row(f[0], Integer.parseInt(f[1]), Double.parseDouble(f[2]), Double.parseDouble(f[3]),
                    Double.parseDouble(f[4]), Double.parseDouble(f[5]), Double.parseDouble(f[6])));
        }
        return rows;
    }

    /** The study's row of {@code experiment} with the N nearest to {@code n} (the same N when it was measured). */
    Optional<Row> nearest(String experiment, int n) {
        return rows.stream().filter(r -> r.experiment().equals(experiment))
                .min(Comparator.comparingLong(r -> Math.abs((long) r.n() - n)));
    }
}
