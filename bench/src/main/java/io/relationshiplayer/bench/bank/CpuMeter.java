package io.relationshiplayer.bench.bank;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
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

    /** CPU nanoseconds used so far by the processes this meter covers. */
    long nanos() {
        long total = jvmNanos();
        if (process != null) {
            total += processTicks(process) * NANOS_PER_TICK;
        }
        return total;
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

    /** CPU of every process whose command is {@code name} and of its reaped children, in clock ticks. */
    private static long processTicks(String name) {
        long ticks = 0;
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC, p -> p.getFileName().toString()
                .chars().allMatch(Character::isDigit))) {
            for (Path dir : dirs) {
                ticks += ticks(dir.resolve("stat"), name);
            }
        } catch (IOException | java.nio.file.DirectoryIteratorException e) {
            return 0;
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
