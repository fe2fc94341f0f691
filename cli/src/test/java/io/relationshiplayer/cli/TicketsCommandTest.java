package io.relationshiplayer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.server.RunningServer;
import io.relationshiplayer.server.ServerConfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code rl tickets} through picocli: direct on the memory and durable backends, and through a server (--proxy). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TicketsCommandTest {
    private static final String MS = "\\d+\\.\\d ms";

    RunningServer server;
    String proxy;

    @BeforeAll
    void start() throws Exception {
        server = RunningServer.start(ServerConfig.defaults());
        proxy = "127.0.0.1:" + server.port();
    }

    @AfterAll
    void stop() {
        server.close();
    }

    record Run(int exitCode, String out, String err) {
    }

    static Run rl(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Rl.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    static String[] args(String command, String... more) {
        List<String> all = new ArrayList<>(List.of("tickets"));
        all.addAll(List.of(command.split(" ")));
        all.addAll(List.of(more));
        return all.toArray(new String[0]);
    }

    @Test
    void createSingleDirectOnMemoryPrintsTheTimedLoop() {
        Run run = rl(args("create-single 25", "--memory", "--seed", "1"));

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().trim()).matches("create-single 25: " + MS + " \\(direct, embedded:memory\\)");
    }

    @Test
    void createMultipleDirectIsTheDefault() {
        Run run = rl(args("create-multiple 3 10", "--direct", "--memory"));

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().trim()).matches("create-multiple 3 10: " + MS + " \\(direct, embedded:memory\\)");
    }

    @Test
    void clusterLatencyIsNamedInTheReport() {
        Run run = rl(args("create-single 3", "--memory", "--latency", "cluster"));

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().trim()).matches("create-single 3: " + MS
                + " \\(direct, embedded:memory, latency cluster\\)");
    }

    @Test
    void readsOnAnEmptyMemoryBackend() {
        Run scans = rl(args("get-multiple 2", "--memory"));
        assertThat(scans.exitCode()).as(scans.err()).isZero();
        assertThat(scans.out().trim()).matches("get-multiple 2: " + MS + " \\(direct, embedded:memory\\) "
                + "0 tickets per scan");

        Run loads = rl(args("get-single 5", "--memory"));
        assertThat(loads.exitCode()).isEqualTo(1);
        assertThat(loads.err()).contains("rl: no tickets stored");
    }

    @Test
    void durableDataOutlivesTheCommand(@TempDir Path dir) {
        String dataDir = dir.resolve("data").toString();
        assertThat(rl(args("create-multiple 4 25", "--data-dir", dataDir)).exitCode()).isZero();

        Run loads = rl(args("get-single 50", "--data-dir", dataDir));
        assertThat(loads.exitCode()).as(loads.err()).isZero();
        assertThat(loads.out().trim()).matches("get-single 50: " + MS + " \\(direct, embedded:" + dir.resolve("data")
                .toString().replace("\\", "\\\\") + "\\) from 100 stored");

        Run deleted = rl(args("delete-all", "--backend", "embedded:" + dataDir));
        assertThat(deleted.exitCode()).as(deleted.err()).isZero();
        assertThat(deleted.out()).startsWith("delete-all: ");
        assertThat(rl(args("get-multiple 1", "--data-dir", dataDir)).out()).contains(" 0 tickets per scan");
    }

    @Test
    void theProxyPathGoesThroughTheServer() {
        Run created = rl(args("create-multiple 4 25", "--proxy", proxy, "--seed", "7"));
        assertThat(created.exitCode()).as(created.err()).isZero();
        assertThat(created.out().trim()).isNotEmpty()
                .matches("create-multiple 4 25: " + MS + " \\(proxy, " + proxy + "\\)");

        Run single = rl(args("create-single 10", "--proxy", proxy));
        assertThat(single.exitCode()).as(single.err()).isZero();

        Run loads = rl(args("get-single 150", "--proxy", proxy));
        assertThat(loads.exitCode()).as(loads.err()).isZero();
        assertThat(loads.out().trim()).matches("get-single 150: " + MS + " \\(proxy, " + proxy + "\\) from 100 stored");

        Run scans = rl(args("get-multiple 3", "--proxy", proxy));
        assertThat(scans.exitCode()).as(scans.err()).isZero();
        assertThat(scans.out()).contains("100 tickets per scan");

        Run deleted = rl(args("delete-all", "--proxy", proxy));
        assertThat(deleted.exitCode()).as(deleted.err()).isZero();
        assertThat(deleted.out().trim()).matches("delete-all: " + MS + " \\(proxy, " + proxy + "\\)");
        assertThat(rl(args("get-multiple 1", "--proxy", proxy)).out()).contains(" 0 tickets per scan");
    }

    @Test
    void optionsThatDoNotFitAreUsageErrors() {
        for (String[] bad : List.of(
                args("create-single 5", "--direct", "--proxy", "127.0.0.1:1"),
                args("create-single 5", "--proxy", "127.0.0.1:1", "--memory"),
                args("create-single 5", "--proxy", "127.0.0.1:1", "--latency", "cluster"),
                args("create-single 5", "--memory", "--latency", "lan"),
                args("create-single 5", "--memory", "--fdb"),
                args("create-single 0", "--memory"),
                args("create-multiple 5", "--memory"),
                args("get-single", "--memory"))) {
            Run run = rl(bad);
            assertThat(run.exitCode()).as(String.join(" ", bad) + ": " + run.err()).isEqualTo(2);
            assertThat(run.out()).isEmpty();
        }
        assertThat(rl(args("create-single 5", "--memory", "--latency", "lan")).err())
                .contains("unknown latency profile 'lan'");
    }

    @Test
    void anUnreachableServerIsAnErrorNotAStackTrace() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Run run = rl(args("get-multiple 1", "--proxy", "127.0.0.1:" + port));

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).isEqualTo("rl: cannot reach 127.0.0.1:" + port + ": connection refused\n");
        assertThat(run.err()).doesNotContain("\tat ");
    }

    @Test
    void theStudyBenchmarkRunsBothPathsAndPrintsTheStudysRows() throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int code = io.relationshiplayer.bench.study.StudyBenchmark.run(new String[] {"--runs", "2",
                "--warmup-seconds", "0", "--tickets", "60", "--batches", "3", "--sizes", "get-single=20", "--sizes", "get-multiple=2",
                "--sizes", "create-single=10", "--sizes", "create-multiple=4"},
                new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8),
                new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
        String text = out.toString(java.nio.charset.StandardCharsets.UTF_8);

        assertThat(code).as(err.toString(java.nio.charset.StandardCharsets.UTF_8)).isZero();
        assertThat(text).contains("get-single: ", "get-multiple: ", "create-single: ", "create-multiple: 3 "
                + "transactions", "1,335.4 ± 15.5", "< 40 µs added per single-record call: ",
                "full scan of 60 tickets through the proxy within 10% of direct: ");
        assertThat(text).containsPattern("(?m)^\\s+20 .*\\| 1,000\\*");
        assertThat(io.relationshiplayer.bench.study.StudyBenchmark.run(new String[] {"--latency", "lan"},
                new java.io.PrintStream(out), new java.io.PrintStream(err))).isEqualTo(2);
    }

    @Test
    void helpListsTheCommands() {
        Run run = rl("tickets");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("create-single", "create-multiple", "get-single", "get-multiple", "delete-all");
    }
}
