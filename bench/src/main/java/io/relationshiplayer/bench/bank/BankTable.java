package io.relationshiplayer.bench.bank;

import io.relationshiplayer.client.text.TextTable;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Prints the run's rows beside the report's, in the report's Table 1 and Table 2 formats, then the ratios. */
final class BankTable {
    /** One measured row of this run; {@code server}: where its server ran, which the VCPU and RAM columns give. */
    record Measured(String label, int clients, int accounts, TransferRun.Result result, Server server) {
    }

    /** Where a row's server ran. */
    enum Server {
        /** In this JVM: this machine's cores, this JVM's heap. */
        IN_PROCESS,
        /** In a child JVM on this machine (--nemesis): this machine's cores, that JVM's memory. */
        CHILD,
        /** Elsewhere (--connect): neither is known here. */
        REMOTE,
        /** Another process of this machine (PostgreSQL): this machine's cores and memory. */
        MACHINE
    }

    private static final TextTable RESULTS = TextTable.markdown("#", "Vendor", "Nodes", "VCPU/Node", "RAM/Node (GB)",
            "Clients", "Accounts (M)", "Transfers (M)", "TPS");
    private static final TextTable LATENCY = TextTable.markdown("#", "Vendor", "Avg (ms)", "Max (ms)", "p99 (ms)");
    private static final TextTable RATIOS = TextTable.markdown("This run", "Against", "TPS", "TPS per vCPU", "Avg",
            "p99", "Max");

    private final BankReference reference;
    private final PrintStream out;
    private final int cores = Runtime.getRuntime().availableProcessors();
    private final double heapGb = Runtime.getRuntime().maxMemory() / (1024.0 * 1024 * 1024);

    BankTable(BankReference reference, PrintStream out) {
        this.reference = reference;
        this.out = out;
    }

    void print(List<Measured> rows) {
        out.println();
        out.println("Table 1: Consolidated Results (rows 1-9: the report's, from " + reference.source() + ")");
        RESULTS.lines(results(rows)).forEach(out::println);
        out.println();
        out.println("Table 2: Latency");
        LATENCY.lines(latency(rows)).forEach(out::println);
        out.println();
        out.println("Ratios (this run / reference row; TPS per vCPU divides by all the reference's vCPUs and by this "
                + "machine's " + cores + " cores):");
        RATIOS.lines(ratios(rows)).forEach(out::println);
        out.printf(Locale.ROOT, "Hardware: this run on 1 machine, %d cores seen by the JVM, %.1f GB max heap, clients "
                + "and server in one process unless --connect/--nemesis; the report's on Oracle Cloud E3.Flex nodes "
                + "(VCPU/Node and RAM/Node above), 1 Gb/s network, %s accounts and 100M transfers per run.%n", cores,
                heapGb, "10M-1,000M");
        againstPostgres(rows);
    }

    /** With a PostgreSQL row in this run (--postgres): each other row's ratios to it, measured side by side. */
    private void againstPostgres(List<Measured> rows) {
        for (Measured pg : rows) {
            if (!pg.label().equals(JdbcBank.LABEL)) {
                continue;
            }
            for (Measured m : rows) {
                if (m != pg) {
                    Latencies l = m.result().latencies();
                    Latencies p = pg.result().latencies();
                    out.printf(Locale.ROOT, "%s / %s, this run: TPS %.2fx, avg %.2fx, p99 %.2fx (the goal: TPS at "
                                    + "least 1x, p99 at most 1x)%n", m.label(), pg.label(),
                            m.result().tps() / pg.result().tps(), l.avgMs() / p.avgMs(),
                            l.percentileMs(0.99) / p.percentileMs(0.99));
                }
            }
        }
    }

    private List<List<String>> results(List<Measured> rows) {
        List<List<String>> lines = new ArrayList<>();
        for (Measured m : rows) {
            String ram = switch (m.server()) {
                case IN_PROCESS -> String.format(Locale.ROOT, "%.1f (heap)", heapGb);
                case CHILD -> "(a child JVM's)";
                case REMOTE -> "? (--connect)";
                case MACHINE -> "(the machine's)";
            };
            String vcpus = m.server() == Server.REMOTE ? "?" : Integer.toString(cores);
            lines.add(List.of("this run", m.label(), "1", vcpus, ram, Integer.toString(m.clients()),
                    millions(m.accounts()), millions(m.result().measured()), number(m.result().tps())));
        }
        for (BankReference.Row r : reference.rows()) {
            lines.add(List.of(r.run(), r.vendor(), Integer.toString(r.nodes()), Integer.toString(r.vcpuPerNode()),
                    Integer.toString(r.ramGbPerNode()), Integer.toString(r.clients()), trim(r.accountsM()),
                    trim(r.transfersM()), number(r.tps())));
        }
        return lines;
    }

    private List<List<String>> latency(List<Measured> rows) {
        List<List<String>> lines = new ArrayList<>();
        for (Measured m : rows) {
            Latencies l = m.result().latencies();
            lines.add(List.of("this run", m.label(), fixed(1, l.avgMs()), number(l.maxMs()),
                    fixed(1, l.percentileMs(0.99))));
        }
        for (BankReference.Row r : reference.rows()) {
            lines.add(List.of(r.run(), r.vendor(), number(r.avgMs()), number(r.maxMs()), number(r.p99Ms())));
        }
        return lines;
    }

    /** Each measured row against the report's rows 1 and 8. */
    private List<List<String>> ratios(List<Measured> rows) {
        List<List<String>> lines = new ArrayList<>();
        for (Measured m : rows) {
            for (String run : List.of("1", "8")) {
                reference.run(run).ifPresent(r -> {
                    Latencies l = m.result().latencies();
                    double tps = m.result().tps();
                    lines.add(List.of(m.label(), String.format(Locale.ROOT, "#%s %s (%d clients, %d x %d vCPU)",
                            r.run(), r.vendor(), r.clients(), r.nodes(), r.vcpuPerNode()), fixed(2, tps / r.tps()),
                            m.server() == Server.REMOTE ? "?" : fixed(2, (tps / cores) / (r.tps() / r.vcpus())),
                            fixed(2, l.avgMs() / r.avgMs()),
                            fixed(2, l.percentileMs(0.99) / r.p99Ms()), fixed(2, l.maxMs() / r.maxMs())));
                });
            }
        }
        return lines;
    }

    private static String millions(long n) {
        return String.format(Locale.ROOT, "%.3f", n / 1e6);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%,d", (long) v) : String.valueOf(v);
    }

    private static String fixed(int decimals, double v) {
        return String.format(Locale.ROOT, "%,." + decimals + "f", v);
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%,.0f", v);
    }
}
