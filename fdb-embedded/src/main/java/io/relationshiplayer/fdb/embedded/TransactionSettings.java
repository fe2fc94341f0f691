package io.relationshiplayer.fdb.embedded;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The options of a transaction (or, as database defaults, of every new transaction), set through fdb-java's option
 * codes. Options the embedded engine has no use for (tracing, tags, priorities) are accepted and ignored.
 *
 * <p>As in FoundationDB 7.3 (API 610 and later), the timeout, retry limit, maximum retry delay and size limit are
 * persistent: onError keeps them. Every other option (system-key access, read-your-writes, snapshot read-your-writes)
 * goes back to the database's default. A value out of FoundationDB's range is refused with 2006
 * (invalid_option_value); the caller reports it as FoundationDB does.
 */
final class TransactionSettings {
    private static final long DEFAULT_MAX_RETRY_DELAY_MILLIS = 1_000;
    private static final long INT_MAX = Integer.MAX_VALUE;

    // persistent
    private long timeoutMillis;
    private long retryLimit = -1;
    private long maxRetryDelayMillis = DEFAULT_MAX_RETRY_DELAY_MILLIS;
    private long sizeLimit = EmbeddedTransaction.SIZE_LIMIT;
    // reset by onError to the database default
    private int snapshotRywDefault = 1;
    private int snapshotRyw = 1;
    private boolean systemKeysReadable;
    private boolean systemKeysWritable;
    private boolean readYourWritesDisabled;

    /** A new transaction's settings from these database defaults. */
    TransactionSettings forNewTransaction() {
        TransactionSettings c = persistent();
        c.snapshotRywDefault = snapshotRywDefault;
        c.snapshotRyw = snapshotRywDefault;
        return c;
    }

    /** What onError keeps: the persistent options; the others return to the database's defaults. */
    TransactionSettings persistent() {
        TransactionSettings c = new TransactionSettings();
        c.timeoutMillis = timeoutMillis;
        c.retryLimit = retryLimit;
        c.maxRetryDelayMillis = maxRetryDelayMillis;
        c.sizeLimit = sizeLimit;
        c.snapshotRywDefault = snapshotRywDefault;
        c.snapshotRyw = snapshotRywDefault;
        return c;
    }

    /** A transaction option; throws 2006 for a value FoundationDB refuses. Codes handled by the caller excluded. */
    void setTransactionOption(int code, byte[] param) {
        switch (code) {
            case 301:
            case 303:
                systemKeysReadable = true;
                systemKeysWritable = true;
                break;
            case 302:
                systemKeysReadable = true;
                break;
            case 51:
                readYourWritesDisabled = true;
                break;
            case 600:
                snapshotRyw++;
                break;
            case 601:
                snapshotRyw--;
                break;
            default:
                setCommon(code, param);
                break;
        }
    }

    /** A database option: the defaults of the transactions created afterwards. */
    void setDatabaseOption(int code, byte[] param) {
        switch (code) {
            case 26:
                snapshotRywDefault++;
                break;
            case 27:
                snapshotRywDefault--;
                break;
            default:
                setCommon(code, param);
                break;
        }
    }

    private void setCommon(int code, byte[] param) {
        switch (code) {
            case 500:
                timeoutMillis = ranged(param, 0, INT_MAX, "timeout");
                break;
            case 501:
                retryLimit = ranged(param, -1, INT_MAX, "retry limit");
                break;
            case 502:
                maxRetryDelayMillis = ranged(param, 0, INT_MAX, "max retry delay");
                break;
            case 503:
                sizeLimit = ranged(param, 32, EmbeddedTransaction.SIZE_LIMIT, "size limit");
                break;
            default:
                break;
        }
    }

    private static long ranged(byte[] param, long min, long max, String what) {
        if (param == null || param.length != 8) {
            throw FdbError.INVALID_OPTION_VALUE.exception(what + ": expected an 8-byte integer");
        }
        long v = ByteBuffer.wrap(param).order(ByteOrder.LITTLE_ENDIAN).getLong();
        if (v < min || v > max) {
            throw FdbError.INVALID_OPTION_VALUE.exception(what + " must be in [" + min + ", " + max + "], got " + v);
        }
        return v;
    }

    /** The timeout, measured from the transaction's creation (kept across onError), as FoundationDB measures it. */
    long timeoutMillis() {
        return timeoutMillis;
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

    boolean readYourWritesDisabled() {
        return readYourWritesDisabled;
    }

    /** Whether snapshot reads see the transaction's own writes (the default; SNAPSHOT_RYW_DISABLE turns it off). */
    boolean snapshotReadsOwnWrites() {
        return snapshotRyw > 0;
    }
}
