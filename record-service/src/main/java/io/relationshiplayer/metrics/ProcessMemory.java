package io.relationshiplayer.metrics;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the server's memory is, for the metrics: the Java heap (used, committed, its bound) and the process's resident
 * set, which also holds metaspace, thread stacks, direct buffers (gRPC's) and the durable engine's native memory, so
 * that sizing can compare the two.
 */
final class ProcessMemory {
    private static final Path STATUS = Path.of("/proc/self/status");

    private ProcessMemory() {
    }

    static void register(MetricsRegistry registry) {
        registry.gauge("rl_jvm_heap_used_bytes", "Java heap in use (live objects and garbage not yet collected).",
                () -> heap().getUsed());
        registry.gauge("rl_jvm_heap_committed_bytes", "Java heap the JVM holds from the system now.",
                () -> heap().getCommitted());
        registry.gauge("rl_jvm_heap_max_bytes", "The Java heap's bound (-Xmx).", () -> heap().getMax());
        registry.gauge("rl_process_resident_memory_bytes", "Resident memory of the server's process (Linux; -1 "
                + "elsewhere).", ProcessMemory::residentBytes);
    }

    private static MemoryUsage heap() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    }

    /** VmRSS of /proc/self/status in bytes, or -1 where there is none. */
    static double residentBytes() {
        try {
            for (String line : Files.readAllLines(STATUS, StandardCharsets.US_ASCII)) {
                if (line.startsWith("VmRSS:")) {
                    String[] parts = line.substring(6).trim().split("\\s+");
                    return Long.parseLong(parts[0]) * 1024.0;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
