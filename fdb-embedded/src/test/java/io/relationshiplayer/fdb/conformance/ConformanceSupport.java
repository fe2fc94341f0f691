package io.relationshiplayer.fdb.conformance;

import static org.junit.jupiter.api.Assertions.fail;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;

/**
 * What every conformance class shares: the database under test, a fresh key prefix per test, and helpers for
 * keys, futures and error codes. The conformance classes are run on each backend by {@link FdbConformanceSuite}.
 *
 * <p>Every test works under its own random 16-byte prefix, so tests never see each other's keys. Prefixes start
 * with {@code 0x10}: nothing is ever written below {@code 0x10} or at {@code 0xF0} and above, which lets a test
 * resolve key selectors off the beginning and the end of the database.
 *
 * <p>Only {@link FDBException#getCode()} is used: the base class's {@code isRetryable()} and friends load the native
 * library, and so do {@code FDB.instance()} and {@code Tuple.packWithVersionstamp}, which this suite never calls.
 */
public abstract class ConformanceSupport {
    /** FoundationDB error codes, from its api-error-codes documentation. */
    protected static final int TRANSACTION_TOO_OLD = 1007;
    protected static final int NOT_COMMITTED = 1020;
    protected static final int TRANSACTION_CANCELLED = 1025;
    protected static final int TRANSACTION_TIMED_OUT = 1031;
    protected static final int ACCESSED_UNREADABLE = 1036;
    protected static final int CLIENT_INVALID_OPERATION = 2000;
    protected static final int KEY_OUTSIDE_LEGAL_RANGE = 2004;
    protected static final int NO_COMMIT_VERSION = 2021;
    protected static final int TRANSACTION_TOO_LARGE = 2101;
    protected static final int KEY_TOO_LARGE = 2102;
    protected static final int VALUE_TOO_LARGE = 2103;

    /** Upper bound for any single future in the suite; nothing legitimate takes this long. */
    protected static final long WAIT_SECONDS = 20;

    protected byte[] prefix;

    /** The database under test, opened once per backend by {@link FdbConformanceSuite}. */
    protected abstract Database database();

    @BeforeEach
    void freshPrefix() {
        // Asking first lets a backend skip every test, with its reason, from database().
        Objects.requireNonNull(database(), "database() returned null");
        prefix = new byte[16];
        ThreadLocalRandom.current().nextBytes(prefix);
        prefix[0] = 0x10;
    }

    // ---- keys and values ------------------------------------------------------------------------------------

    protected byte[] key(String name) {
        return ByteArrayUtil.join(prefix, utf8(name));
    }

    protected static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    protected static byte[] bytes(int... values) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (byte) values[i];
        }
        return out;
    }

    protected static byte[] filled(int length, int value) {
        byte[] out = new byte[length];
        Arrays.fill(out, (byte) value);
        return out;
    }

    protected static byte[] int64(long value) {
        return ByteBuffer.allocate(8).putLong(value).array();
    }

    protected static long int64(byte[] value) {
        return ByteBuffer.wrap(value).getLong();
    }

    protected static byte[] littleEndian32(int value) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(value).array();
    }

    /** A key relative to the test prefix for messages; keys outside the prefix are shown whole, marked with '!'. */
    protected String name(byte[] key) {
        if (ByteArrayUtil.startsWith(key, prefix)) {
            return ByteArrayUtil.printable(Arrays.copyOfRange(key, prefix.length, key.length));
        }
        return "!" + ByteArrayUtil.printable(key);
    }

    protected String show(KeyValue kv) {
        return name(kv.getKey()) + "=" + ByteArrayUtil.printable(kv.getValue());
    }

    protected List<String> show(List<KeyValue> kvs) {
        return kvs.stream().map(this::show).collect(Collectors.toList());
    }

    // ---- futures and errors ---------------------------------------------------------------------------------

    /** Waits (bounded) for a future and rethrows its failure unwrapped, so an FDBException surfaces as itself. */
    protected static <T> T await(CompletableFuture<T> future) {
        try {
            return future.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw unchecked(e.getCause());
        } catch (TimeoutException e) {
            throw new AssertionError("future did not complete within " + WAIT_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    private static RuntimeException unchecked(Throwable t) {
        if (t instanceof RuntimeException) {
            throw (RuntimeException) t;
        }
        if (t instanceof Error) {
            throw (Error) t;
        }
        throw new CompletionException(t);
    }

    /** The FoundationDB error code of {@code t} or of the first FDBException among its causes. */
    protected static int codeOf(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof FDBException) {
                return ((FDBException) c).getCode();
            }
        }
        throw new AssertionError("expected an FDBException, got " + t, t);
    }

    /**
     * Runs an operation that must fail, whether it throws at once or returns a future that fails, and returns the
     * FoundationDB error code.
     */
    protected static int failureCode(Supplier<? extends CompletableFuture<?>> operation) {
        Object result;
        try {
            result = await(operation.get());
        } catch (RuntimeException e) {
            return codeOf(e);
        }
        return fail("expected the operation to fail with an FDBException, but it succeeded with " + result);
    }

    /** Commits, failing the test with the rule and the error code if the commit fails. */
    protected static void assertCommits(Transaction tr, String rule) {
        try {
            await(tr.commit());
        } catch (RuntimeException e) {
            fail(rule + ": the commit failed with error " + codeOf(e), e);
        }
    }

    /** Waits until {@code deadlineNanos} of {@link System#nanoTime()}; only for rules that are about elapsed time. */
    protected static void waitUntil(long deadlineNanos) {
        for (long left = deadlineNanos - System.nanoTime(); left > 0; left = deadlineNanos - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }

    // ---- transactions ---------------------------------------------------------------------------------------

    protected void write(byte[] key, byte[] value) {
        database().run(tr -> {
            tr.set(key, value);
            return null;
        });
    }

    protected byte[] read(byte[] key) {
        return database().read(tr -> await(tr.get(key)));
    }

    protected List<KeyValue> scan(ReadTransaction tr, byte[] begin, byte[] end) {
        return await(tr.getRange(begin, end).asList());
    }

    /** Everything committed under the test prefix, shown relative to it. */
    protected List<String> committedUnderPrefix() {
        return database().read(tr -> show(scan(tr, prefix, ByteArrayUtil.strinc(prefix))));
    }

    protected List<String> committed(byte[] begin, byte[] end) {
        return database().read(tr -> show(scan(tr, begin, end)));
    }

    protected Transaction begin() {
        return database().createTransaction();
    }
}
