package io.relationshiplayer.bench.study;

import io.relationshiplayer.bench.ReferenceFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import javax.annotation.Nonnull;

/**
 * The study's own tables (its section 4): mean of 20 runs in ms, the reported +/-, and the proxy's increase, read from
 * the repository's {@code reference/study-results.csv} (see reference/README.md for the source).
 *
 * @param rows   every published row
 * @param source where the rows came from
 */
record StudyReference(List<Row> rows, String source) {
    /** One published row: experiment, N, no-proxy and proxy times with their errors, % increase. */
    record Row(String experiment, int n, double directMs, double directErrMs, double proxyMs, double proxyErrMs,
               double increasePct) {
    }

    /** The rows of {@code explicit} if given, else of the shipped reference/study-results.csv. */
    @Nonnull
    static StudyReference resolve(@Nonnull Optional<Path> explicit) throws IOException {
        ReferenceFile file = ReferenceFile.read("study-results.csv", explicit);
        List<Row> rows = parse(file.lines());
        if (rows.isEmpty()) {
            throw new IllegalArgumentException(file.source() + " holds no study rows");
        }
        return new StudyReference(rows, file.source());
    }

    static StudyReference load(Path csv) throws IOException {
        return resolve(Optional.of(csv));
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
