package io.relationshiplayer.bench.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The JMH suite lists its benchmarks and runs a minimal in-process iteration of a pair (scores not checked). */
class JmhSuiteTest {
    @Test
    void listsTheServiceAndEngineBenchmarks() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = JmhSuite.run(new String[] {"--list"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream()));
        assertThat(code).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("RecordPathsJmh.loadDirect",
                "RecordPathsJmh.loadGrpc", "RecordPathsJmh.scanDirect", "RecordPathsJmh.scanGrpc",
                "SqlPathsJmh.sqlPrimaryKeySelect", "SqlPathsJmh.recordLoadGrpc", "EngineJmh.pointRead",
                "EngineJmh.smallCommit");
    }

    @Test
    void minimalRunPrintsEachScoreBesideTheOneItCompetesWith() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = JmhSuite.run(new String[] {"RecordPathsJmh.load", "--quick", "--forks", "0", "--iterations", "1",
            "--time", "0.3", "--warmup", "0.3", "--param", "tickets=200"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as("exit code; JMH log:%n%s", err).isZero();
        assertThat(text).containsPattern("RecordPathsJmh.loadGrpc .* RecordPathsJmh.loadDirect .*x  time, gRPC");
    }

    @Test
    void badArgumentsExitWithTwo() throws Exception {
        assertThat(JmhSuite.run(new String[] {"--nope", "1"}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(new ByteArrayOutputStream()))).isEqualTo(2);
    }
}
