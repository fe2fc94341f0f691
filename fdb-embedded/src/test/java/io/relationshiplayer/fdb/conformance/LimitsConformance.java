package io.relationshiplayer.fdb.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Transaction;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * FoundationDB's limits and the errors that end a transaction (known-limitations and api-error-codes
 * documentation; fdb-java 7.3 TransactionOptions.setTimeout, Transaction.cancel, Transaction.onError):
 * keys up to 10,000 bytes, values up to 100,000 bytes, transactions up to 10,000,000 bytes, reads at most 5 s old.
 */
public abstract class LimitsConformance extends ConformanceSupport {
    private static final int KEY_LIMIT = 10_000;
    private static final int VALUE_LIMIT = 100_000;

    /**
     * Runs writes that FoundationDB rejects, either when they are made or at the latest at commit (fdb_c defers
     * the error of a set to the next operation), and returns the error code. The writes also set a marker key so
     * that the caller can check nothing was committed.
     */
    private int rejectedCode(Consumer<Transaction> writes) {
        try (Transaction tr = begin()) {
            try {
                tr.set(key("marker"), utf8("x"));
                writes.accept(tr);
            } catch (RuntimeException e) {
                return codeOf(e);
            }
            return failureCode(tr::commit);
        }
    }

    @Test
    void keyOfExactlyTheLimitIsAccepted() {
        byte[] k = keyOfLength(KEY_LIMIT);
        write(k, utf8("v"));
        assertArrayEquals(utf8("v"), read(k));
    }

    @Test
    void keyOverTheLimitIsRejected() {
        byte[] k = keyOfLength(KEY_LIMIT + 1);
        assertEquals(KEY_TOO_LARGE, rejectedCode(tr -> tr.set(k, utf8("v"))));
        assertEquals(List.of(), committedUnderPrefix(), "nothing of the failed transaction may be committed");
    }

    @Test
    void valueOfExactlyTheLimitIsAccepted() {
        write(key("k"), filled(VALUE_LIMIT, 'v'));
        assertEquals(VALUE_LIMIT, read(key("k")).length);
    }

    @Test
    void valueOverTheLimitIsRejected() {
        assertEquals(VALUE_TOO_LARGE, rejectedCode(tr -> tr.set(key("k"), filled(VALUE_LIMIT + 1, 'v'))));
        assertEquals(List.of(), committedUnderPrefix(), "nothing of the failed transaction may be committed");
    }

    @Test
    void readOfAKeyOverTheLimitFindsNothing() {
        // No stored key can be that long, so FoundationDB answers "absent" rather than failing the read.
        assertNull(read(keyOfLength(KEY_LIMIT + 1)));
    }

    @Test
    void atomicOperationParamOverTheValueLimitIsRejected() {
        assertEquals(VALUE_TOO_LARGE, rejectedCode(tr -> tr.mutate(MutationType.APPEND_IF_FITS, key("k"),
                filled(VALUE_LIMIT + 1, 'v'))));
        assertEquals(List.of(), committedUnderPrefix(), "nothing of the failed transaction may be committed");
    }

    @Test
    void systemKeysAreOutsideTheLegalRangeWithoutAccessSystemKeys() {
        byte[] system = bytes(0xFF, 0x01);
        assertEquals(KEY_OUTSIDE_LEGAL_RANGE, rejectedCode(tr -> tr.set(system, utf8("v"))), "write of \\xff\\x01");
        assertEquals(List.of(), committedUnderPrefix(), "nothing of the failed transaction may be committed");
        try (Transaction tr = begin()) {
            assertEquals(KEY_OUTSIDE_LEGAL_RANGE, failureCode(() -> tr.get(system)), "read of \\xff\\x01");
        }
    }

    @Test
    void transactionOverTenMegabytesIsRejected() {
        byte[] value = filled(99_000, 'v');
        assertEquals(TRANSACTION_TOO_LARGE, rejectedCode(tr -> {
            for (int i = 0; i < 105; i++) {
                tr.set(key("big/" + i), value);
            }
        }));
        assertEquals(List.of(), committedUnderPrefix(), "nothing of the failed transaction may be committed");
    }

    @Test
    void transactionUnderTenMegabytesCommits() {
        byte[] value = filled(99_000, 'v');
        database().run(tr -> {
            for (int i = 0; i < 90; i++) {
                tr.set(key("big/" + i), value);
            }
            return null;
        });
        assertEquals(90, committedUnderPrefix().size());
    }

    @Test
    void timeoutCancelsTheTransactionWithTimedOut() {
        byte[] k = key("k");
        try (Transaction tr = begin()) {
            long start = System.nanoTime();
            tr.options().setTimeout(250);
            tr.set(k, utf8("v"));
            waitUntil(start + TimeUnit.MILLISECONDS.toNanos(600));
            assertEquals(TRANSACTION_TIMED_OUT, failureCode(() -> tr.get(key("other"))), "a read after the timeout");
            assertEquals(TRANSACTION_TIMED_OUT, failureCode(tr::commit), "a commit after the timeout");
        }
        assertNull(read(k), "a timed-out transaction must not commit");
    }

    @Test
    void cancelledTransactionFailsEveryLaterOperation() {
        byte[] k = key("k");
        try (Transaction tr = begin()) {
            tr.set(k, utf8("v"));
            tr.cancel();
            assertEquals(TRANSACTION_CANCELLED, failureCode(() -> tr.get(key("other"))), "a read after cancel()");
            assertEquals(TRANSACTION_CANCELLED, failureCode(tr::commit), "a commit after cancel()");
        }
        assertNull(read(k), "a cancelled transaction must not commit");
    }

    @Test
    void readVersionOlderThanFiveSecondsIsTooOldAndOnErrorRecovers() {
        byte[] k = key("k");
        write(k, utf8("before"));
        Transaction old = begin();
        Transaction stale = begin();
        Transaction retried = null;
        try {
            long oldVersion = await(old.getReadVersion());
            long start = System.nanoTime();
            waitUntil(start + TimeUnit.MILLISECONDS.toNanos(6_000));
            write(key("advance"), utf8("moves the database version on"));

            assertEquals(TRANSACTION_TOO_OLD, failureCode(() -> old.get(k)),
                    "a read at a version from more than 5 s ago");

            stale.setReadVersion(oldVersion);
            FDBException tooOld = null;
            try {
                await(stale.get(k));
            } catch (FDBException e) {
                tooOld = e;
            }
            assertNotNull(tooOld, "a read at a version set from 6 s ago must fail");
            assertEquals(TRANSACTION_TOO_OLD, tooOld.getCode());

            retried = await(stale.onError(tooOld));
            long newVersion = await(retried.getReadVersion());
            assertTrue(newVersion > oldVersion, "onError must reset the read version");
            assertArrayEquals(utf8("before"), await(retried.get(k)));
            retried.set(key("after"), utf8("committed"));
            await(retried.commit());
        } finally {
            old.close();
            (retried != null ? retried : stale).close();
        }
        assertArrayEquals(utf8("committed"), read(key("after")));
    }

    /** A key of exactly {@code length} bytes under the test prefix. */
    private byte[] keyOfLength(int length) {
        byte[] out = filled(length, 'k');
        System.arraycopy(prefix, 0, out, 0, prefix.length);
        return out;
    }
}
