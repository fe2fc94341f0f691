package io.relationshiplayer.bench.bank;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** Prints the run's rows beside the report's, in the report's Table 1 and Table 2 formats, then the ratios. */
final class BankTable {
    /** One measured row of this run; {@code jvmHeap}: the store ran in a JVM whose heap the RAM column gives. */
    record Measured(String label, int clients, int accounts, TransferRun.Result result, boolean jvmHeap) {
    }

    private final BankReference reference;
    private final PrintStream out;

    BankTable(BankReference reference, PrintStream out) {
        this.reference = reference;
        this.out = out;
    }

    void print(List<Measured> rows) {
        int cores = Runtime.getRuntime().availableProcessors();
        double heapGb = Runtime.getRuntime().maxMemory() / (1024.0 * 1024 * 1024);
        out.println();
        out.println("Table 1: Consolidated Results (rows 1-9: the report's, from " + reference.source() + ")");
        out.println("| # | Vendor | Nodes | VCPU/Node | RAM/Node (GB) | Clients | Accounts (M) | Transfers (M) | TPS |");
        out.println("|---|---|---|---|---|---|---|---|---|");
        for (Measured m : rows) {
            String ram = m.jvmHeap() ? String.format(Locale.ROOT, "%.1f (heap)", heapGb) : "(the machine's)";
            out.printf(Locale.ROOT, "| this run | %s | 1 | %d | %s | %d | %s | %s | %s |%n", m.label(), cores, ram,
                    m.clients(), millions(m.accounts()), millions(m.result().transfers()), number(m.result().tps()));
        }
        for (BankReference.Row r : reference.rows()) {
            out.printf(Locale.ROOT, "| %s | %s | %d | %d | %d | %d | %s | %s | %s |%n", r.run(), r.vendor(), r.nodes(),
                    r.vcpuPerNode(), r.ramGbPerNode(), r.clients(), trim(r.accountsM()), trim(r.transfersM()),
                    number(r.tps()));
        }
        out.println();
        out.println("Table 2: Latency");
        out.println("| # | Vendor | Avg (ms) | Max (ms) | p99 (ms) |");
        out.println("|---|---|---|---|---|");
        for (Measured m : rows) {
            Latencies l = m.result().latencies();
            out.printf(Locale.ROOT, "| this run | %s | %.1f | %s | %.1f |%n", m.label(), l.avgMs(), number(l.maxMs()),
                    l.percentileMs(0.99));
        }
        for (BankReference.Row r : reference.rows()) {
            out.printf(Locale.ROOT, "| %s | %s | %s | %s | %s |%n", r.run(), r.vendor(), number(r.avgMs()),
                    number(r.maxMs()), number(r.p99Ms()));
        }
        out.println();
        out.println("Ratios (this run / reference row; TPS per vCPU divides by all the reference's vCPUs and by this "
                + "machine's " + cores + " cores):");
        out.println("| This run | Against | TPS | TPS per vCPU | Avg | p99 | Max |");
        out.println("|---|---|---|---|---|---|---|");
        for (Measured m : rows) {
            for (String run : List.of("1", "8")) {
                reference.run(run).ifPresent(r -> {
                    Latencies l = m.result().latencies();
                    double tps = m.result().tps();
                    out.printf(Locale.ROOT, "| %s | #%s %s (%d clients, %d x %d vCPU) | %.2f | %.2f | %.2f | %.2f | "
                                    + "%.2f |%n", m.label(), r.run(), r.vendor(), r.clients(), r.nodes(),
                            r.vcpuPerNode(), tps / r.tps(), (tps / cores) / (r.tps() / r.vcpus()), l.avgMs() / r.avgMs(),
                            l.percentileMs(0.99) / r.p99Ms(), l.maxMs() / r.maxMs());
                });
            }
        }
        out.printf(Locale.ROOT, "Hardware: this run on 1 machine, %d cores seen by the JVM, %.1f GB max heap, clients "
                + "and server in one process unless --connect/--nemesis; the report's on Oracle Cloud E3.Flex nodes "
                + "(VCPU/Node and RAM/Node above), 1 Gb/s network, %s accounts and 100M transfers per run.%n", cores,
                heapGb, "10M-1,000M");
    }

    private static String millions(long n) {
        return String.format(Locale.ROOT, "%.3f", n / 1e6);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%,d", (long) v) : String.valueOf(v);
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%,.0f", v);
    }
}
