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
 */
public record ServerLimits(int maxMessageBytes, int maxCallsPerClient, int maxStreamsPerClient,
                           Duration statementTimeout, int maxRowsPerBatch) {
    public static final String MAX_MESSAGE_BYTES = "max-message-bytes";
    public static final String MAX_CALLS_PER_CLIENT = "max-concurrent-calls-per-client";
    public static final String MAX_STREAMS_PER_CLIENT = "max-concurrent-streams-per-client";
    public static final String STATEMENT_TIMEOUT = "statement-timeout";
    public static final String MAX_ROWS_PER_BATCH = "max-rows-per-batch";

    /** FoundationDB's transaction limit plus framing; 256 calls and 64 streams per client; 5 minutes; 10,000 rows. */
    public static final ServerLimits DEFAULTS = new ServerLimits(16 * 1024 * 1024, 256, 64, Duration.ofMinutes(5),
            10_000);

    public ServerLimits {
        positive(maxMessageBytes, MAX_MESSAGE_BYTES);
        positive(maxCallsPerClient, MAX_CALLS_PER_CLIENT);
        positive(maxStreamsPerClient, MAX_STREAMS_PER_CLIENT);
        positive(maxRowsPerBatch, MAX_ROWS_PER_BATCH);
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
        return new ServerLimits(v, maxCallsPerClient, maxStreamsPerClient, statementTimeout, maxRowsPerBatch);
    }

    public ServerLimits withMaxCallsPerClient(int v) {
        return new ServerLimits(maxMessageBytes, v, maxStreamsPerClient, statementTimeout, maxRowsPerBatch);
    }

    public ServerLimits withMaxStreamsPerClient(int v) {
        return new ServerLimits(maxMessageBytes, maxCallsPerClient, v, statementTimeout, maxRowsPerBatch);
    }

    public ServerLimits withStatementTimeout(Duration v) {
        return new ServerLimits(maxMessageBytes, maxCallsPerClient, maxStreamsPerClient, v, maxRowsPerBatch);
    }

    public ServerLimits withMaxRowsPerBatch(int v) {
        return new ServerLimits(maxMessageBytes, maxCallsPerClient, maxStreamsPerClient, statementTimeout, v);
    }

    /** A requested batch size clamped to the limit; 0 or less means {@code defaultSize}. */
    public int batchSize(int requested, int defaultSize) {
        return Math.min(requested <= 0 ? defaultSize : requested, maxRowsPerBatch);
    }
}
