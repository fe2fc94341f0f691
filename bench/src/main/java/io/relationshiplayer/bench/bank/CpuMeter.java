package io.relationshiplayer.bench.bank;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The CPU time of the processes that do a run's work: this JVM (the clients, and the SQL service when it runs in
 * process), plus, for a PostgreSQL on this machine, every process named {@code postgres} (its backends, WAL writer and
 * checkpointer) with the children it has reaped (a backend whose connection closed before the last reading). CPU per transfer does not depend on what else the machine runs, as TPS does: on a shared 2-core
 * machine it is the figure that compares two systems' work.
 */
final class CpuMeter {
    /** Linux's USER_HZ, the unit of /proc's utime and stime on every mainstream architecture. */
    private static final long NANOS_PER_TICK = 10_000_000L;
    private static final Path PROC = Path.of("/proc");

    private final String what;
    private final String process;

    private CpuMeter(String what, String process) {
        this.what = what;
        this.process = process;
    }

    /** This JVM's CPU; empty where the JVM does not report it. */
    static Optional<CpuMeter> jvm() {
        return jvmNanos() < 0 ? Optional.empty() : Optional.of(new CpuMeter("this JVM", null));
    }

    /**
     * This JVM's CPU and the local PostgreSQL's when {@code jdbcUrl} names this machine and /proc can be read; empty
     * otherwise (a remote server's CPU cannot be seen from here).
     */
    static Optional<CpuMeter> jvmAndLocalPostgres(String jdbcUrl) {
        if (jvmNanos() < 0 || !Files.isDirectory(PROC) || !local(jdbcUrl)) {
            return Optional.empty();
        }
        return Optional.of(new CpuMeter("this JVM and the postgres processes", "postgres"));
    }

    /** What the figure covers, for the report. */
    String what() {
        return what;
    }

    private long[] first;
    private long[] last;

    /** CPU nanoseconds used so far by the processes this meter covers. */
    long nanos() {
        long[] now = reading();
        return now[0] + now[1];
    }

    /** As {@link #nanos}, remembered as the start of the measured part. */
    long mark() {
        first = reading();
        return first[0] + first[1];
    }

    /** As {@link #nanos}, remembered as the end of the measured part. */
    long lap() {
        last = reading();
        return last[0] + last[1];
    }

    /** This JVM's and the other processes' CPU per transfer between {@link #mark} and {@link #lap}, for the report. */
    String split(long transfers) {
        if (first == null || last == null || process == null || transfers <= 0) {
            return "";
        }
        return String.format(Locale.ROOT, ": this JVM %,.0f µs, the %s processes %,.0f µs",
                (last[0] - first[0]) / 1e3 / transfers, process, (last[1] - first[1]) / 1e3 / transfers);
    }

    private long[] reading() {
        return new long[] {jvmNanos(), process == null ? 0 : processTicks(process) * NANOS_PER_TICK};
    }

    private static long jvmNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }

    static boolean local(String jdbcUrl) {
        String rest = jdbcUrl.startsWith("jdbc:") ? jdbcUrl.substring(5) : jdbcUrl;
        try {
            String host = URI.create(rest).getHost();
            return host == null || host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]");
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * CPU of every process whose command is {@code name} and of its reaped children, in clock ticks. Newest process
     * first, parents (older, lower ids) last: a backend that exits while the list is read is counted either in its
     * own line or, once reaped, in its parent's, not lost between the two (a lost autovacuum worker made a PostgreSQL
     * run's CPU negative).
     */
    private static long processTicks(String name) {
        List<Long> pids = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC, p -> p.getFileName().toString()
                .chars().allMatch(Character::isDigit))) {
            for (Path dir : dirs) {
                pids.add(Long.parseLong(dir.getFileName().toString()));
            }
        } catch (IOException | java.nio.file.DirectoryIteratorException | NumberFormatException e) {
            return 0;
        }
        pids.sort(Comparator.reverseOrder());
        long ticks = 0;
        for (long pid : pids) {
            ticks += ticks(PROC.resolve(Long.toString(pid)).resolve("stat"), name);
        }
        return ticks;
    }

    /**
     * The process's utime + stime + cutime + cstime (its own and its reaped children's) if its command is
     * {@code name}; 0 if not, or if it has exited meanwhile.
     */
    static long ticks(Path stat, String name) {
        String line;
        try {
            line = Files.readString(stat);
        } catch (IOException e) {
            return 0;
        }
        int open = line.indexOf('(');
        int close = line.lastIndexOf(')');
        if (open < 0 || close < open || !line.substring(open + 1, close).equals(name)) {
            return 0;
        }
        // After the command: state (field 3) ... utime (14), stime (15), cutime (16), cstime (17).
        String[] f = line.substring(close + 2).split(" ");
        try {
            return f.length > 14 ? Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13])
                    + Long.parseLong(f[14]) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

}
