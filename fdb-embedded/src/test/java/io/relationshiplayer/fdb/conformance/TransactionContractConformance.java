package io.relationshiplayer.fdb.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A transaction's life as FoundationDB 7.3 defines it (fdb-java 7.3 javadoc of Transaction.watch, onError and
 * TransactionOptions; ReadYourWrites.actor.cpp): watches that see their own transaction's writes, onError's reset and
 * its new handle, persistent and reset options, option values out of range, and no use after commit.
 */
public abstract class TransactionContractConformance extends ConformanceSupport {
    private static final int USED_DURING_COMMIT = 2017;
    private static final int INVALID_OPTION_VALUE = 2006;

    // ---- watches ----

    @Test
    void watchFiresAtOnceWhenItsOwnTransactionChangesTheKey() {
        byte[] k = key("watched");
        write(k, utf8("a"));
        try (Transaction tr = begin()) {
            CompletableFuture<Void> watch = tr.watch(k);
            assertArrayEquals(utf8("a"), await(tr.get(k)), "the watch's own read is done once this one is");
            assertFalse(watch.isDone(), "nothing changed the key yet");
            tr.set(k, utf8("b"));
            await(watch);
        }
        assertArrayEquals(utf8("a"), read(k), "the transaction was never committed");
    }

    @Test
    void watchDoesNotFireWhenItsOwnTransactionWritesTheSameValue() {
        byte[] k = key("watched");
        write(k, utf8("a"));
        CompletableFuture<Void> watch;
        try (Transaction tr = begin()) {
            watch = tr.watch(k);
            await(tr.get(k));
            tr.set(k, utf8("a"));
            tr.set(key("other"), utf8("x"));
            assertCommits(tr, "a transaction that set its watched key to the value it had");
        }
        assertFalse(watch.isDone(), "the value never changed");
        write(k, utf8("c"));
        await(watch);
    }

    @Test
    void watchOfATransactionWhoseCommitFailsFailsWithTheCommitsError() {
        byte[] read = key("read");
        write(read, utf8("0"));
        try (Transaction tr = begin()) {
            await(tr.get(read));
            CompletableFuture<Void> watch = tr.watch(key("watched"));
            tr.set(key("out"), utf8("x"));
            write(read, utf8("1"));
            assertEquals(NOT_COMMITTED, failureCode(tr::commit));
            assertEquals(NOT_COMMITTED, failureCode(() -> watch), "the watch fails with the commit's error");
        }
    }

    // ---- onError ----

    private static FDBException error(int code) {
        return new FDBException("error " + code, code);
    }

    @Test
    void onErrorAnswersANewHandleAndInvalidatesTheOldOne() {
        Transaction tr = begin();
        Transaction retry = null;
        try {
            tr.options().setMaxRetryDelay(1);
            retry = await(tr.onError(error(NOT_COMMITTED)));
            assertNotSame(tr, retry, "fdb-java's onError answers a new Transaction");
            Transaction old = tr;
            assertThrows(IllegalStateException.class, () -> old.get(key("k")), "the old handle is invalidated");
            retry.set(key("k"), utf8("v"));
            await(retry.commit());
        } finally {
            (retry != null ? retry : tr).close();
        }
        assertArrayEquals(utf8("v"), read(key("k")));
    }

    @Test
    void onErrorRetriesWhatFoundationDbRetries() {
        // transaction_too_old, future_version, not_committed, commit_unknown_result, process_behind, database_locked,
        // commit_proxy_memory_limit_exceeded, batch_transaction_throttled, grv_proxy_memory_limit_exceeded,
        // tag_throttled
        for (int code : new int[] {1007, 1009, 1020, 1021, 1037, 1038, 1042, 1051, 1078, 1213}) {
            Transaction tr = begin();
            try {
                tr.options().setMaxRetryDelay(1);
                tr = await(tr.onError(error(code)));
            } catch (RuntimeException e) {
                throw new AssertionError("onError must retry " + code + ", it failed with " + codeOf(e), e);
            } finally {
                tr.close();
            }
        }
        for (int code : new int[] {KEY_OUTSIDE_LEGAL_RANGE, TRANSACTION_TOO_LARGE, 1004}) {
            try (Transaction tr = begin()) {
                assertEquals(code, failureCode(() -> tr.onError(error(code))), "onError must not retry " + code);
            }
        }
    }

    @Test
    void onErrorResetsTheOptionsThatAreNotPersistent() {
        byte[] system = bytes(0xFF, 0x01);
        Transaction tr = begin();
        try {
            tr.options().setReadSystemKeys();
            await(tr.get(system));
            tr = await(tr.onError(error(NOT_COMMITTED)));
            Transaction retry = tr;
            assertEquals(KEY_OUTSIDE_LEGAL_RANGE, failureCode(() -> retry.get(system)),
                    "system-key access is not persistent: onError resets it");
        } finally {
            tr.close();
        }
    }

    @Test
    void onErrorKeepsTheSizeLimitAndTheRetryLimit() {
        Transaction tr = begin();
        try {
            tr.options().setSizeLimit(1_000);
            tr.options().setRetryLimit(1);
            tr.options().setMaxRetryDelay(1);
            tr = await(tr.onError(error(NOT_COMMITTED)));
            Transaction retry = tr;
            retry.set(key("big"), filled(2_000, 'v'));
            assertEquals(TRANSACTION_TOO_LARGE, failureCode(retry::commit), "the size limit is persistent");
            assertEquals(NOT_COMMITTED, failureCode(() -> retry.onError(error(NOT_COMMITTED))),
                    "the retry limit is persistent: one retry was allowed and is used up");
        } finally {
            tr.close();
        }
        assertNull(read(key("big")));
    }

    @Test
    void onErrorAfterCancelFailsWithCancelled() {
        try (Transaction tr = begin()) {
            tr.cancel();
            assertEquals(TRANSACTION_CANCELLED, failureCode(() -> tr.onError(error(NOT_COMMITTED))));
        }
    }

    @Test
    void onErrorAfterTimeoutFailsWithTimedOut() {
        try (Transaction tr = begin()) {
            long start = System.nanoTime();
            tr.options().setTimeout(50);
            waitUntil(start + TimeUnit.MILLISECONDS.toNanos(150));
            assertEquals(TRANSACTION_TIMED_OUT, failureCode(() -> tr.get(key("k"))));
            assertEquals(TRANSACTION_TIMED_OUT, failureCode(() -> tr.onError(error(NOT_COMMITTED))));
        }
    }

    // ---- options ----

    @Test
    void timeoutCountsFromTheTransactionsCreation() {
        try (Transaction tr = begin()) {
            long created = System.nanoTime();
            waitUntil(created + TimeUnit.MILLISECONDS.toNanos(400));
            tr.options().setTimeout(200);
            assertEquals(TRANSACTION_TIMED_OUT, failureCode(() -> tr.get(key("k"))),
                    "a 200 ms timeout set 400 ms after creation has already expired");
        }
    }

    @Test
    void readYourWritesDisableMakesReadsSeeTheDatabase() {
        byte[] k = key("k");
        write(k, utf8("committed"));
        try (Transaction tr = begin()) {
            tr.options().setReadYourWritesDisable();
            tr.set(k, utf8("mine"));
            tr.set(key("new"), utf8("mine"));
            assertArrayEquals(utf8("committed"), await(tr.get(k)));
            assertNull(await(tr.get(key("new"))));
            assertEquals(List.of("k=committed"), show(scan(tr, prefix, ByteArrayUtil.strinc(prefix))));
            assertCommits(tr, "writes still commit without read-your-writes");
        }
        assertEquals(List.of("k=mine", "new=mine"), committedUnderPrefix());
    }

    @Test
    void snapshotRywDisableHidesOwnWritesFromSnapshotReadsOnly() {
        byte[] k = key("k");
        write(k, utf8("committed"));
        try (Transaction tr = begin()) {
            tr.options().setSnapshotRywDisable();
            tr.set(k, utf8("mine"));
            assertArrayEquals(utf8("committed"), await(tr.snapshot().get(k)));
            assertArrayEquals(utf8("mine"), await(tr.get(k)), "serializable reads still see the transaction's writes");
        }
    }

    /** Sets an option that FoundationDB refuses, then returns the code: thrown at once or at the next read. */
    private int refusedOptionCode(Consumer<Transaction> option) {
        try (Transaction tr = begin()) {
            try {
                option.accept(tr);
            } catch (RuntimeException e) {
                return codeOf(e);
            }
            return failureCode(() -> tr.get(key("k")));
        }
    }

    @Test
    void optionValuesOutOfRangeAreRefused() {
        assertEquals(INVALID_OPTION_VALUE, refusedOptionCode(tr -> tr.options().setSizeLimit(31)), "size limit 31");
        assertEquals(INVALID_OPTION_VALUE, refusedOptionCode(tr -> tr.options().setSizeLimit(10_000_001)),
                "size limit 10,000,001");
        assertEquals(INVALID_OPTION_VALUE, refusedOptionCode(tr -> tr.options().setRetryLimit(-2)), "retry limit -2");
        assertEquals(INVALID_OPTION_VALUE, refusedOptionCode(tr -> tr.options().setTimeout(-1)), "timeout -1");
        try (Transaction tr = begin()) {
            tr.options().setSizeLimit(32);
            tr.options().setRetryLimit(-1);
            assertNull(await(tr.get(key("k"))), "the edges of the ranges are accepted");
        }
    }

    // ---- after commit ----

    @Test
    void committedTransactionRefusesFurtherUse() {
        byte[] k = key("k");
        try (Transaction tr = begin()) {
            tr.set(k, utf8("v"));
            await(tr.commit());
            assertTrue(tr.getCommittedVersion() > 0, "the committed version stays readable");
            assertEquals(USED_DURING_COMMIT, failureCode(() -> tr.get(k)), "a read after commit");
            assertEquals(USED_DURING_COMMIT, failureCode(() -> tr.getRange(k, key("l")).asList()), "a range read");
            assertEquals(USED_DURING_COMMIT, failureCode(() -> tr.watch(k)), "a watch");
            assertEquals(USED_DURING_COMMIT, failureCode(tr::commit), "a second commit");
        }
        assertArrayEquals(utf8("v"), read(k));
    }
}
