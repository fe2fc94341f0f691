package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.DatabaseOptions;
import com.apple.foundationdb.TransactionOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The options of a transaction (or, as database defaults, of every new transaction), set through fdb-java's option
 * codes. Options the embedded engine has no use for (tracing, tags, priorities) are accepted and ignored.
 */
final class TransactionSettings {
    private static final long DEFAULT_MAX_RETRY_DELAY_MILLIS = 1_000;

    private long timeoutMillis;
    private long timeoutStartNanos = System.nanoTime();
    private long retryLimit = -1;
    private long maxRetryDelayMillis = DEFAULT_MAX_RETRY_DELAY_MILLIS;
    private long sizeLimit = EmbeddedTransaction.SIZE_LIMIT;
    private boolean systemKeysReadable;
    private boolean systemKeysWritable;
    private Runnable nextWriteNoConflict = () -> { };

    TransactionSettings copy() {
        TransactionSettings c = new TransactionSettings();
        c.timeoutMillis = timeoutMillis;
        c.retryLimit = retryLimit;
        c.maxRetryDelayMillis = maxRetryDelayMillis;
        c.sizeLimit = sizeLimit;
        return c;
    }

    void onNextWriteNoConflict(Runnable action) {
        this.nextWriteNoConflict = action;
    }

    TransactionOptions transactionOptions() {
        return new TransactionOptions(this::setTransactionOption);
    }

    DatabaseOptions databaseOptions() {
        return new DatabaseOptions(this::setDatabaseOption);
    }

    private void setTransactionOption(int code, byte[] param) {
        switch (code) {
            case 30:
                nextWriteNoConflict.run();
                break;
            case 301:
            case 303:
                systemKeysReadable = true;
                systemKeysWritable = true;
                break;
            case 302:
                systemKeysReadable = true;
                break;
            default:
                setCommon(code, param);
                break;
        }
    }

    private void setDatabaseOption(int code, byte[] param) {
        setCommon(code, param);
    }

    private void setCommon(int code, byte[] param) {
        switch (code) {
            case 500:
                timeoutMillis = nonNegative(param, "timeout");
                timeoutStartNanos = System.nanoTime();
                break;
            case 501:
                retryLimit = asLong(param);
                break;
            case 502:
                maxRetryDelayMillis = nonNegative(param, "max retry delay");
                break;
            case 503:
                sizeLimit = Math.max(32, Math.min(EmbeddedTransaction.SIZE_LIMIT, nonNegative(param, "size limit")));
                break;
            default:
                break;
        }
    }

    private static long asLong(byte[] param) {
        if (param == null || param.length != 8) {
            throw FdbError.INVALID_OPTION_VALUE.exception("expected an 8-byte integer");
        }
        return ByteBuffer.wrap(param).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    private static long nonNegative(byte[] param, String what) {
        long v = asLong(param);
        if (v < 0) {
            throw FdbError.INVALID_OPTION_VALUE.exception(what + " must not be negative, got " + v);
        }
        return v;
    }

    boolean timedOut() {
        return timeoutMillis > 0 && System.nanoTime() - timeoutStartNanos >= timeoutMillis * 1_000_000L;
    }

    long retryLimit() {
        return retryLimit;
    }

    long maxRetryDelayMillis() {
        return maxRetryDelayMillis;
    }

    long sizeLimit() {
        return sizeLimit;
    }

    boolean systemKeysReadable() {
        return systemKeysReadable;
    }

    boolean systemKeysWritable() {
        return systemKeysWritable;
    }
}
