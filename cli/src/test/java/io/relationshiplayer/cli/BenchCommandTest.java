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
}
