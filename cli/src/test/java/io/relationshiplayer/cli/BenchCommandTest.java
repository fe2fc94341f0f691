package io.relationshiplayer.cli;

import static io.relationshiplayer.cli.CliRun.rl;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rl bench study --quick --out} and {@code rl bench jmh --list} through the command line (figures not checked). */
class BenchCommandTest {
    @Test
    void studyQuickWritesItsFilesToOut(@TempDir Path dir) {
        CliRun run = rl("bench", "study", "--quick", "--runs", "1", "--warmup-seconds", "0", "--tickets", "100",
                "--batches", "5", "--experiments", "get-single,create-multiple", "--sizes", "get-single=20",
                "--sizes", "create-multiple=3", "--out", dir.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        for (String file : new String[] {"study-runs.csv", "study-cells.csv", "study.json", "study-tables.txt",
            "figure-get-single.svg", "figure-get-single.png", "figure-create-multiple.png"}) {
            assertThat(dir.resolve(file)).as(file).isRegularFile();
        }
        assertThat(dir.resolve("figure-get-multiple.png")).doesNotExist();
    }

    @Test
    void jmhListsItsBenchmarks() {
        assertThat(rl("bench", "jmh", "--list").exitCode()).isZero();
        assertThat(rl("bench", "jmh", "--forks").exitCode()).isEqualTo(2);
    }

    @Test
    void benchHelpNamesJmh() {
        CliRun run = rl("bench");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("jmh", "study");
    }

    @Test
    void everyBenchmarksOptionsAreListedInItsHelpAndOfferedByCompletion() {
        CliRun help = rl("bench", "bank", "--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("--accounts=N", "--nemesis=SECONDS", "--quick", "--token=TOKEN");
        CliRun completion = rl("generate-completion");
        assertThat(completion.exitCode()).isZero();
        // the completion script lists each subcommand's options
        assertThat(completion.out()).contains("--accounts", "--stop-seconds", "--experiments", "--staleness",
                "--cluster-lookups", "--update-baseline", "--reads-per-transaction", "--points");
    }

    @Test
    void aDeclaredOptionReachesTheBenchmarksOwnParser() {
        // the benchmarks write to the process's standard streams, not to the command's writers
        java.io.PrintStream saved = System.err;
        java.io.ByteArrayOutputStream stderr = new java.io.ByteArrayOutputStream();
        CliRun run;
        try {
            System.setErr(new java.io.PrintStream(stderr, true, java.nio.charset.StandardCharsets.UTF_8));
            run = rl("bench", "bank", "--accounts", "1");
        } finally {
            System.setErr(saved);
        }
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(stderr.toString(java.nio.charset.StandardCharsets.UTF_8))
                .contains("bench bank: --accounts must be at least 2");
        CliRun missing = rl("bench", "bank", "--accounts");
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("--accounts");
    }

    @Test
    void concurrentScansEachReturnEveryRow() {
        java.io.PrintStream saved = System.out;
        java.io.ByteArrayOutputStream stdout = new java.io.ByteArrayOutputStream();
        CliRun run;
        try {
            System.setOut(new java.io.PrintStream(stdout, true, java.nio.charset.StandardCharsets.UTF_8));
            run = rl("bench", "scans", "--rows", "300", "--clients", "1,12", "--seconds", "1");
        } finally {
            System.setOut(saved);
        }
        String out = stdout.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(run.exitCode()).as(out).isZero();
        // a row per level, none failed (a short or failed scan fails the run)
        assertThat(out).containsPattern("\\| 1 \\| [0-9,]+ \\|.*\\| 0 \\|")
                .containsPattern("\\| 12 \\| [0-9,]+ \\|.*\\| 0 \\|");
    }
}
