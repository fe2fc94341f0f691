package io.relationshiplayer.bench.bank;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuMeterTest {
    @Test
    void aProcessStatLineGivesItsAndItsReapedChildrensTicksOnlyForTheNamedCommand(@TempDir Path dir) throws Exception {
        Path stat = dir.resolve("stat");
        // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
        Files.writeString(stat, "4242 (postgres) S 1 4242 4242 0 -1 4194560 1200 0 3 0 250 70 4000 900 20 0 1 0 99 "
                + "1000 20 18446744073709551615\n");
        assertThat(CpuMeter.ticks(stat, "postgres")).isEqualTo(250 + 70 + 4000 + 900);
        assertThat(CpuMeter.ticks(stat, "java")).isZero();
        Files.writeString(stat, "77 (post gres) (x)) R 1 77 77 0 -1 0 0 0 0 0 5 6 0 0 20 0 1 0 9 1 2 3\n");
        assertThat(CpuMeter.ticks(stat, "post gres) (x)")).isEqualTo(11);
        assertThat(CpuMeter.ticks(dir.resolve("gone"), "postgres")).as("a process that exited").isZero();
    }

    @Test
    void onlyAPostgreSqlOnThisMachineIsMeasured() {
        assertThat(CpuMeter.local("jdbc:postgresql://127.0.0.1:54315/postgres?user=rl")).isTrue();
        assertThat(CpuMeter.local("jdbc:postgresql://localhost/bank")).isTrue();
        assertThat(CpuMeter.local("jdbc:postgresql:///bank")).as("a Unix socket").isTrue();
        assertThat(CpuMeter.local("jdbc:postgresql://db.example.com:5432/bank")).isFalse();
        assertThat(CpuMeter.jvmAndLocalPostgres("jdbc:postgresql://db.example.com/bank")).isEmpty();
    }

    @Test
    void theJvmsCpuGrowsWithWorkDone() {
        CpuMeter meter = CpuMeter.jvm().orElseThrow();
        long before = meter.nanos();
        long x = 0;
        // Busy until the meter shows 10 ms of CPU, however loaded the machine; a meter that stood still would spin
        // for the 10 s bound and fail.
        long until = System.nanoTime() + 10_000_000_000L;
        while (meter.nanos() - before < 10_000_000L && System.nanoTime() < until) {
            for (int i = 0; i < 10_000; i++) {
                x += Long.numberOfTrailingZeros(x + i);
            }
        }
        assertThat(x).isNotNegative();
        assertThat(meter.nanos() - before).isGreaterThanOrEqualTo(10_000_000L);
    }
}
