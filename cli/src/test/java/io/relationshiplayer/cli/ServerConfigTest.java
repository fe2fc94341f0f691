package io.relationshiplayer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.limits.ServerLimits;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code rl server}'s settings: flags over RL_* environment over the config file over built-in defaults. */
class ServerConfigTest {
    @TempDir
    Path dir;

    /** Parses (does not run) {@code args} as main would with {@code env}; returns the server command. */
    private static ServerCommand parse(Map<String, String> env, String... args) {
        CommandLine cl = Rl.commandLine(env, args);
        cl.parseArgs(args);
        return cl.getSubcommands().get("server").getCommand();
    }

    private Path config(String text) throws Exception {
        Path file = dir.resolve("rl-server.properties");
        Files.writeString(file, text);
        return file;
    }

    @Test
    void withNothingGivenTheBuiltInDefaultsApplyAndMatchServerLimitsDefaults() {
        ServerCommand c = parse(Map.of(), "server");
        assertThat(c.port).isEqualTo(7470);
        assertThat(c.host).isEqualTo("127.0.0.1");
        assertThat(c.ops.metricsPort).isEqualTo(-1);
        assertThat(c.ops.limits()).isEqualTo(ServerLimits.DEFAULTS);
        assertThat(c.ops.healthInterval()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void flagsBeatEnvironmentWhichBeatsTheFileWhichBeatsDefaults() throws Exception {
        Path file = config("""
                # every level sets port; the file alone sets statement-timeout and metrics-port
                port = 1111
                max-rows-per-batch = 33
                statement-timeout = 7s
                metrics-port = 9464
                memory = true
                """);
        Map<String, String> env = Map.of("RL_PORT", "2222", "RL_MAX_ROWS_PER_BATCH", "44",
                "RL_MAX_CONCURRENT_STREAMS_PER_CLIENT", "5");
        ServerCommand c = parse(env, "server", "--config", file.toString(), "--port", "3333");
        assertThat(c.port).as("flag over environment and file").isEqualTo(3333);
        assertThat(c.ops.maxRowsPerBatch).as("environment over file").isEqualTo(44);
        assertThat(c.ops.maxStreamsPerClient).as("environment over default").isEqualTo(5);
        assertThat(c.ops.limits().statementTimeout()).as("file over default").isEqualTo(Duration.ofSeconds(7));
        assertThat(c.ops.metricsPort).as("file over default").isEqualTo(9464);
        assertThat(c.backendOptions.memory).as("a boolean flag from the file").isTrue();
        assertThat(c.ops.maxCallsPerClient).as("default").isEqualTo(256);

        ServerCommand noFlag = parse(env, "server", "--config=" + file);
        assertThat(noFlag.port).as("environment over file").isEqualTo(2222);
        ServerCommand fileOnly = parse(Map.of(), "server", "--config", file.toString());
        assertThat(fileOnly.port).as("file over default").isEqualTo(1111);
        ServerCommand fromEnvConfig = parse(Map.of("RL_CONFIG", file.toString()), "server");
        assertThat(fromEnvConfig.ops.maxRowsPerBatch).as("the file named by RL_CONFIG").isEqualTo(33);
    }

    @Test
    void anUnknownKeyOrAMissingFileIsAnErrorNotIgnored() throws Exception {
        Path file = config("port = 7000\nstatment-timeout = 5s\n");
        CliRun typo = run(Map.of(), "server", "--config", file.toString(), "--memory", "--port", "0");
        assertThat(typo.exitCode()).isEqualTo(1);
        assertThat(typo.err()).contains("unknown keys in config file").contains("statment-timeout");

        CliRun missing = run(Map.of(), "server", "--config", dir.resolve("nope.properties").toString(), "--memory");
        assertThat(missing.exitCode()).isEqualTo(1);
        assertThat(missing.err()).contains("cannot read config file");
    }

    @Test
    void aBadLimitIsRefusedWithItsName() {
        CliRun bad = run(Map.of("RL_MAX_CONCURRENT_CALLS_PER_CLIENT", "0"), "server", "--memory", "--port", "0");
        assertThat(bad.exitCode()).isEqualTo(1);
        assertThat(bad.err()).contains("max-concurrent-calls-per-client must be positive: 0");
    }

    private static CliRun run(Map<String, String> env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Rl.commandLine(env, args);
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
