package io.relationshiplayer.bench.bank;

import java.lang.management.ManagementFactory;

/**
 * The CPU time of this JVM between two readings ({@link #mark}, {@link #lap}): the clients and, when it runs in
 * process, the SQL service. PostgreSQL's processes are not measured: summing their /proc figures (with or without the
 * postmaster's reaped children) gave readings from below zero to above what two cores can give in this session's
 * runs, and a figure that cannot be trusted is not printed.
 */
final class CpuMeter {
    private long first = -1;

    private CpuMeter() {
    }

    /** This JVM's CPU; null where the JVM does not report it. */
    static CpuMeter jvm() {
        return jvmNanos() < 0 ? null : new CpuMeter();
    }

    /** What the figure covers, for the report. */
    String what() {
        return "this JVM";
    }

    /** The first reading; returns 0 (the CPU counted so far). */
    long mark() {
        first = jvmNanos();
        return 0;
    }

    /** The second reading; returns the CPU nanoseconds this JVM spent since {@link #mark}. */
    long lap() {
        return jvmNanos() - first;
    }

    static long jvmNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }
}
