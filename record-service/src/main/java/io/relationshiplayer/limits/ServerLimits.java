package io.relationshiplayer.limits;

import java.time.Duration;
import java.util.Objects;

/**
 * The limits that keep one client from taking the server: message size, concurrent calls and streams per client, SQL
 * statement time, rows per batch. Exceeding one fails the call with RESOURCE_EXHAUSTED or DEADLINE_EXCEEDED and a
 * message naming the limit by its flag name; the server goes on serving the others.
 *
 * @param maxMessageBytes largest inbound message ({@code --max-message-bytes})
 * @param maxCallsPerClient calls one client may have in progress ({@code --max-concurrent-calls-per-client})
 * @param maxStreamsPerClient streaming calls one client may have open ({@code --max-concurrent-streams-per-client})
 * @param statementTimeout longest a SQL statement may run, zero for none ({@code --statement-timeout})
 * @param maxRowsPerBatch most rows or records in one streamed batch, whatever the client asks
 *        ({@code --max-rows-per-batch})
 * @param maxStatementBytes longest SQL statement text in UTF-8 bytes ({@code --max-statement-bytes}); past it, 54001
 * @param maxStatementDepth deepest nesting of parentheses and operator chains in a SQL statement
 *        ({@code --max-statement-depth}); past it, 54001
 */
public record ServerLimits(int maxMessageBytes, int maxCallsPerClient, int maxStreamsPerClient,
                           Duration statementTimeout, int maxRowsPerBatch, int maxStatementBytes,
                           int maxStatementDepth) {
    public static final String MAX_MESSAGE_BYTES = "max-message-bytes";
    public static final String MAX_CALLS_PER_CLIENT = "max-concurrent-calls-per-client";
    public static final String MAX_STREAMS_PER_CLIENT = "max-concurrent-streams-per-client";
    public static final String STATEMENT_TIMEOUT = "statement-timeout";
    public static final String MAX_ROWS_PER_BATCH = "max-rows-per-batch";
    public static final String MAX_STATEMENT_BYTES = "max-statement-bytes";
    public static final String MAX_STATEMENT_DEPTH = "max-statement-depth";
    /** 512 KiB: a multi-row INSERT of thousands of rows; far longer texts are generated, and better as parameters. */
    public static final int DEFAULT_MAX_STATEMENT_BYTES = 512 * 1024;
    /**
     * An expression of a thousand terms, a condition of some 500 comparisons: Calcite's simplifier takes seconds on an
     * OR of a thousand comparisons, in one step no cancel can stop, and minutes on a few thousand.
     */
    public static final int DEFAULT_MAX_STATEMENT_DEPTH = 1_000;

    /**
     * FoundationDB's transaction limit plus framing; 256 calls and 64 streams per client; 5 minutes; 10,000 rows;
     * statements of 512 KiB and depth 1,000.
     */
    public static final ServerLimits DEFAULTS = new ServerLimits(16 * 1024 * 1024, 256, 64, Duration.ofMinutes(5),
            10_000);

    /** With the default statement size and depth bounds. */
    public ServerLimits(int maxMessageBytes, int maxCallsPerClient, int maxStreamsPerClient, Duration statementTimeout,
                        int maxRowsPerBatch) {
        this(maxMessageBytes, maxCallsPerClient, maxStreamsPerClient, statementTimeout, maxRowsPerBatch,
                DEFAULT_MAX_STATEMENT_BYTES, DEFAULT_MAX_STATEMENT_DEPTH);
    }

    public ServerLimits {
        positive(maxMessageBytes, MAX_MESSAGE_BYTES);
        positive(maxCallsPerClient, MAX_CALLS_PER_CLIENT);
        positive(maxStreamsPerClient, MAX_STREAMS_PER_CLIENT);
        positive(maxRowsPerBatch, MAX_ROWS_PER_BATCH);
        positive(maxStatementBytes, MAX_STATEMENT_BYTES);
        positive(maxStatementDepth, MAX_STATEMENT_DEPTH);
        Objects.requireNonNull(statementTimeout, "statementTimeout is null");
        if (statementTimeout.isNegative()) {
            throw new IllegalArgumentException(STATEMENT_TIMEOUT + " must not be negative: " + statementTimeout);
        }
    }

    private static void positive(int value, String name) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
    }

    /** The message of a call refused by a limit, e.g. "limit max-concurrent-calls-per-client=8 reached". */
    public static String reached(String limit, Object value) {
        return "limit " + limit + "=" + value + " reached";
    }

    public ServerLimits withMaxMessageBytes(int v) {
        return new ServerLimits(v, maxCallsPerClient, maxStreamsPerClient, statementTimeout, maxRowsPerBatch,
                maxStatementBytes, maxStatementDepth);
    }

    public ServerLimits withMaxCallsPerClient(int v) {
        return new ServerLimits(maxMessageBytes, v, maxStreamsPerClient, statementTimeout, maxRowsPerBatch,
                maxStatementBytes, maxStatementDepth);
    }

    public ServerLimits withMaxStreamsPerClient(int v) {
        return new ServerLimits(maxMessageBytes, maxCallsPerClient, v, statementTimeout, maxRowsPerBatch,
                maxStatementBytes, maxStatementDepth);
    }

    public ServerLimits withStatementTimeout(Duration v) {
        return new ServerLimits(maxMessageBytes, maxCallsPerClient, maxStreamsPerClient, v, maxRowsPerBatch,
                maxStatementBytes, maxStatementDepth);
    }

    public ServerLimits withMaxRowsPerBatch(int v) {
        return new ServerLimits(maxMessageBytes, maxCallsPerClient, maxStreamsPerClient, statementTimeout, v,
                maxStatementBytes, maxStatementDepth);
    }

    public ServerLimits withMaxStatementBytes(int v) {
        return new ServerLimits(maxMessageBytes, maxCallsPerClient, maxStreamsPerClient, statementTimeout,
                maxRowsPerBatch, v, maxStatementDepth);
    }

    public ServerLimits withMaxStatementDepth(int v) {
        return new ServerLimits(maxMessageBytes, maxCallsPerClient, maxStreamsPerClient, statementTimeout,
                maxRowsPerBatch, maxStatementBytes, v);
    }

    /** A requested batch size clamped to the limit; 0 or less means {@code defaultSize}. */
    public int batchSize(int requested, int defaultSize) {
        return Math.min(requested <= 0 ? defaultSize : requested, maxRowsPerBatch);
    }
}
