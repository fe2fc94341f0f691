package io.relationshiplayer.cli;

import io.relationshiplayer.limits.Durations;
import io.relationshiplayer.limits.ServerLimits;
import io.relationshiplayer.server.BackendHealth;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * {@code rl server}'s operational options: limits, the metrics port, the health probe and the config file. Each may also
 * come from the environment or the config file ({@link ServerDefaults}).
 */
final class OperationsOptions {
    @Option(names = "--config", paramLabel = "FILE",
            description = "Properties file of option defaults (key = long option name without dashes); "
                    + "precedence: flags > RL_* environment > this file > built-in defaults.")
    Path config;

    @Option(names = "--" + ServerLimits.MAX_MESSAGE_BYTES, paramLabel = "BYTES", defaultValue = "16777216",
            description = "Largest inbound message (default ${DEFAULT-VALUE}).")
    int maxMessageBytes;

    @Option(names = "--" + ServerLimits.MAX_CALLS_PER_CLIENT, paramLabel = "N", defaultValue = "256",
            description = "Calls one client (remote IP) may have in progress (default ${DEFAULT-VALUE}).")
    int maxCallsPerClient;

    @Option(names = "--" + ServerLimits.MAX_STREAMS_PER_CLIENT, paramLabel = "N", defaultValue = "64",
            description = "Streaming calls one client may have open (default ${DEFAULT-VALUE}).")
    int maxStreamsPerClient;

    @Option(names = "--" + ServerLimits.STATEMENT_TIMEOUT, paramLabel = "DURATION", defaultValue = "5m",
            description = "Longest a SQL statement may run, e.g. 500ms, 30s, 5m; 0 for none (default ${DEFAULT-VALUE}).")
    String statementTimeout;

    @Option(names = "--" + ServerLimits.MAX_ROWS_PER_BATCH, paramLabel = "N", defaultValue = "10000",
            description = "Most rows (SQL) or records (scan, query) in one streamed batch (default ${DEFAULT-VALUE}).")
    int maxRowsPerBatch;

    @Option(names = "--" + ServerLimits.MAX_STATEMENT_BYTES, paramLabel = "BYTES", defaultValue = "524288",
            description = "Longest SQL statement text; longer ones fail with 54001 (default ${DEFAULT-VALUE}).")
    int maxStatementBytes;

    @Option(names = "--" + ServerLimits.MAX_STATEMENT_DEPTH, paramLabel = "N", defaultValue = "1000",
            description = "Deepest nesting of parentheses and operator chains (terms of a+b+..., a AND b AND ...) in a "
                    + "SQL statement; deeper ones fail with 54001 (default ${DEFAULT-VALUE}).")
    int maxStatementDepth;

    @Option(names = "--max-running-statements", paramLabel = "N", defaultValue = "0",
            description = "SQL statements and record streams that run at once; the rest wait their turn, and past "
                    + "10,000 waiting a new one fails with 53000 (default ${DEFAULT-VALUE}: four per core, at least "
                    + "eight).")
    int maxRunningStatements;

    @Option(names = "--metrics-port", paramLabel = "PORT", defaultValue = "-1",
            description = "Serve Prometheus metrics at http://HOST:PORT/metrics (default off; 0 picks a free port).")
    int metricsPort;

    @Option(names = "--health-interval", paramLabel = "DURATION", defaultValue = "5s",
            description = "How often the backend is probed for the health service (default ${DEFAULT-VALUE}).")
    String healthInterval;

    @Option(names = "--health-timeout", paramLabel = "DURATION", defaultValue = "2s",
            description = "How long a probe waits for a read version before NOT_SERVING (default ${DEFAULT-VALUE}).")
    String healthTimeout;

    ServerLimits limits() {
        return new ServerLimits(maxMessageBytes, maxCallsPerClient, maxStreamsPerClient,
                Durations.parse(statementTimeout), maxRowsPerBatch, maxStatementBytes, maxStatementDepth);
    }

    Duration healthInterval() {
        Duration d = Durations.parse(healthInterval);
        return d.isZero() ? BackendHealth.DEFAULT_INTERVAL : d;
    }

    Duration healthTimeout() {
        Duration d = Durations.parse(healthTimeout);
        return d.isZero() ? BackendHealth.DEFAULT_TIMEOUT : d;
    }
}
