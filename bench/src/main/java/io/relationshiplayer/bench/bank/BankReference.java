package io.relationshiplayer.bench.bank;

import io.relationshiplayer.bench.ReferenceFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The bank-transfer report's Tables 1 and 2 (FoundationDB and PostgreSQL), read from the repository's
 * {@code reference/bank-transfer.csv} (see reference/README.md for the source).
 */
record BankReference(List<Row> rows, String source) {
    /** One published run. */
    record Row(String run, String vendor, int nodes, int vcpuPerNode, int ramGbPerNode, int clients,
               double accountsM, double transfersM, double tps, double avgMs, double maxMs, double p99Ms) {
        int vcpus() {
            return nodes * vcpuPerNode;
        }
    }

    /** The rows of {@code explicit} if given, else of the shipped reference/bank-transfer.csv. */
    static BankReference resolve(Optional<Path> explicit) throws IOException {
        ReferenceFile file = ReferenceFile.read("bank-transfer.csv", explicit);
        List<Row> rows = parse(file.lines());
        if (rows.isEmpty()) {
            throw new IllegalArgumentException(file.source() + " holds no bank-transfer rows");
        }
        return new BankReference(rows, file.source());
    }

    static BankReference load(Path csv) throws IOException {
        return resolve(Optional.of(csv));
    }

    /** The row of run {@code run}, if published. */
    Optional<Row> run(String run) {
        return rows.stream().filter(r -> r.run().equals(run)).findFirst();
    }

    private static List<Row> parse(List<String> lines) {
        List<Row> rows = new ArrayList<>();
        for (String line : lines) {
            String[] f = line.trim().split(",");
            if (f.length != 12 || f[0].equals("run")) {
                continue;
            }
            rows.add(new Row(f[0], f[1], Integer.parseInt(f[2]), Integer.parseInt(f[3]), Integer.parseInt(f[4]),
                    Integer.parseInt(f[5]), Double.parseDouble(f[6]), Double.parseDouble(f[7]),
                    Double.parseDouble(f[8]), Double.parseDouble(f[9]), Double.parseDouble(f[10]),
                    Double.parseDouble(f[11])));
        }
        return rows;
    }
}
