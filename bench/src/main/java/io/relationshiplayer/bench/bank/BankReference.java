package io.relationshiplayer.bench.bank;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The bank-transfer report's Tables 1 and 2 (FoundationDB and PostgreSQL, {@code shared/seeds/002_a9f9fccda816b26b.txt}),
 * read from {@code shared/reference/bank-transfer.csv} or, without that file, the same rows built in.
 */
record BankReference(List<Row> rows, String source) {
    /** One published run. */
    record Row(String run, String vendor, int nodes, int vcpuPerNode, int ramGbPerNode, int clients,
               double accountsM, double transfersM, double tps, double avgMs, double maxMs, double p99Ms) {
        int vcpus() {
            return nodes * vcpuPerNode;
        }
    }

    static final List<String> CANDIDATES = List.of("../shared/reference/bank-transfer.csv",
            "shared/reference/bank-transfer.csv", "../../shared/reference/bank-transfer.csv");

    /** A copy of shared/reference/bank-transfer.csv (the report's Tables 1 and 2). */
    private static final String BUILT_IN = """
            1,FDB,3,1,8,16,10,100,2263,7,241,45
            2,FDB+chaos,3,2,8,16,10,100,2189,8,380,52
            3,FDB,5,1,8,512,10,100,7631,67,856,201
            4,FDB+chaos,5,1,8,512,10,100,7528,71,889,227
            5,FDB,5,1,16,512,100,100,5782,88,934,271
            6,FDB,20,1,16,512,100,100,10854,47,565,82
            7,FDB,5,1,16,512,1000,10,3369,151,1267,588
            8,PG,2,3,30,128,10,100,2059,62,4511,203
            9,PG,2,10,160,256,100,100,5915,43,3568,133
            """;

    static BankReference resolve(Optional<Path> explicit) throws IOException {
        if (explicit.isPresent()) {
            return load(explicit.get());
        }
        for (String candidate : CANDIDATES) {
            Path p = Path.of(candidate);
            if (Files.isRegularFile(p)) {
                return load(p);
            }
        }
        return new BankReference(parse(BUILT_IN.lines().toList()), "built in: the report's Tables 1 and 2 (copy of "
                + "shared/reference/bank-transfer.csv)");
    }

    static BankReference load(Path csv) throws IOException {
        List<Row> rows = parse(Files.readAllLines(csv));
        if (rows.isEmpty()) {
            throw new IllegalArgumentException(csv + " holds no bank-transfer rows");
        }
        return new BankReference(rows, csv.toAbsolutePath().normalize().toString());
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
