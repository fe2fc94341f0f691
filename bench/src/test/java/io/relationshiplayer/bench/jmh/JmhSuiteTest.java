package io.relationshiplayer.bench.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
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
    void theSqlPairStatesTheGoalThatBenchSqlAndTheReadmeState() {
        assertThat(JmhSuite.PAIRS).filteredOn(p -> p.benchmark().equals("SqlPathsJmh.sqlPrimaryKeySelect"))
                .singleElement().extracting(JmhSuite.Pair::meaning).asString().endsWith("(goal < 1.2)");
    }

    @Test
    void badArgumentsExitWithTwo() throws Exception {
        assertThat(JmhSuite.run(new String[] {"--nope", "1"}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(new ByteArrayOutputStream()))).isEqualTo(2);
    }

    @Test
    void theTableLinesUpAsItsFormatDidItsRuleSpanningTheMeaning() {
        String header = String.format(Locale.ROOT, "%-34s %16s %-8s | %-30s %14s %8s  %s", "benchmark", "score",
                "unit", "competes with", "its score", "ratio", "meaning");
        assertThat(JmhSuite.TABLE.header()).isEqualTo(header);
        assertThat(JmhSuite.TABLE.rule()).isEqualTo("-".repeat(header.length() + 20));
        assertThat(JmhSuite.TABLE.row(List.of("RecordPathsJmh.loadGrpc", "12,345.679", "us/op",
                "RecordPathsJmh.loadDirect", "1,234.500", "10.00x", ""))).isEqualTo(String.format(Locale.ROOT,
                "%-34s %,16.3f %-8s | %-30s %14s %8s  %s", "RecordPathsJmh.loadGrpc", 12_345.6789, "us/op",
                "RecordPathsJmh.loadDirect", "1,234.500", "10.00x", ""));
    }
}
