package io.relationshiplayer.fdb.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Conflict detection: which reads and writes make a concurrent commit fail with {@code not_committed} (1020), and
 * which must not (developer guide, "Conflict ranges" and "Snapshot reads"; Transaction and TransactionOptions
 * javadoc of fdb-java 7.3).
 */
public abstract class IsolationConformance extends ConformanceSupport {

    /** Commits a single set in its own transaction: the concurrent writer of these tests. */
    private void interfere(byte[] key, String value) {
        write(key, utf8(value));
    }

    @Test
    void writeSkewIsPrevented() {
        byte[] x = key("x");
        byte[] y = key("y");
        database().run(tr -> {
            tr.set(x, int64(1));
            tr.set(y, int64(1));
            return null;
        });
        try (Transaction t1 = begin(); Transaction t2 = begin()) {
            // Each withdraws 1 from its own key if x + y >= 2: under snapshot isolation both would commit.
            long sum1 = int64(await(t1.get(x))) + int64(await(t1.get(y)));
            long sum2 = int64(await(t2.get(x))) + int64(await(t2.get(y)));
            assertEquals(2, sum1);
            assertEquals(2, sum2);
            t1.set(x, int64(0));
            t2.set(y, int64(0));
            CompletableFuture<Void> c1 = t1.commit();
            CompletableFuture<Void> c2 = t2.commit();
            Integer code1 = outcome(c1);
            Integer code2 = outcome(c2);
            boolean firstWon = code1 == null && Integer.valueOf(NOT_COMMITTED).equals(code2);
            boolean secondWon = code2 == null && Integer.valueOf(NOT_COMMITTED).equals(code1);
            assertTrue(firstWon || secondWon,
                    "exactly one commit must succeed and the other fail with 1020; got codes " + code1 + ", " + code2);
            long total = int64(read(x)) + int64(read(y));
            assertEquals(1, total, "the committed state is not that of one of the two transactions");
        }
    }

    /** Null when the commit succeeded, else its error code. */
    private static Integer outcome(CompletableFuture<Void> commit) {
        try {
            await(commit);
            return null;
        } catch (RuntimeException e) {
            return codeOf(e);
        }
    }

    @Test
    void readOfAKeyWrittenConcurrentlyConflicts() {
        byte[] k = key("k");
        interfere(k, "a");
        try (Transaction tr = begin()) {
            assertArrayEquals(utf8("a"), await(tr.get(k)));
            interfere(k, "b");
            tr.set(key("out"), utf8("x"));
            assertEquals(NOT_COMMITTED, failureCode(tr::commit));
        }
        assertNull(read(key("out")), "a transaction that failed to commit wrote data");
    }

    @Test
    void rangeReadConflictsWithAnInsertIntoTheRange() {
        byte[] begin = key("r/");
        byte[] end = ByteArrayUtil.strinc(begin);
        try (Transaction tr = begin()) {
            assertEquals(List.of(), scan(tr, begin, end));
            interfere(key("r/phantom"), "p");
            tr.set(key("out"), utf8("x"));
            assertEquals(NOT_COMMITTED, failureCode(tr::commit));
        }
    }

    @Test
    void limitedRangeReadConflictsOnlyUpToTheLastKeyReturned() {
        for (String k : List.of("a", "b", "c", "d")) {
            interfere(key("l/" + k), k);
        }
        byte[] begin = key("l/");
        byte[] end = ByteArrayUtil.strinc(begin);
        try (Transaction t1 = begin(); Transaction t2 = begin()) {
            assertEquals(List.of("l/a=a", "l/b=b"), show(await(t1.getRange(begin, end, 2).asList())));
            assertEquals(List.of("l/a=a", "l/b=b"), show(await(t2.getRange(begin, end, 2).asList())));
            interfere(key("l/c"), "changed");
            t1.set(key("out1"), utf8("x"));
            assertCommits(t1, "a key after the last one a limited read returned is outside its conflict range");
            interfere(key("l/b"), "changed");
            t2.set(key("out2"), utf8("x"));
            assertEquals(NOT_COMMITTED, failureCode(t2::commit));
        }
    }

    @Test
    void limitedReverseRangeReadConflictsOnlyDownToTheLastKeyReturned() {
        for (String k : List.of("a", "b", "c", "d")) {
            interfere(key("l/" + k), k);
        }
        byte[] begin = key("l/");
        byte[] end = ByteArrayUtil.strinc(begin);
        try (Transaction t1 = begin(); Transaction t2 = begin()) {
            assertEquals(List.of("l/d=d", "l/c=c"), show(await(t1.getRange(begin, end, 2, true).asList())));
            assertEquals(List.of("l/d=d", "l/c=c"), show(await(t2.getRange(begin, end, 2, true).asList())));
            interfere(key("l/b"), "changed");
            interfere(key("l/bb"), "inserted below the keys read");
            t1.set(key("out1"), utf8("x"));
            assertCommits(t1, "keys below the last one a limited reverse read returned are outside its conflict range");
            interfere(key("l/c"), "changed");
            t2.set(key("out2"), utf8("x"));
            assertEquals(NOT_COMMITTED, failureCode(t2::commit));
        }
    }

    @Test
    void getKeyConflictsWithAnInsertBetweenTheReferenceAndTheResolvedKey() {
        interfere(key("g/a"), "a");
        interfere(key("g/c"), "c");
        try (Transaction tr = begin()) {
            assertEquals("g/c", name(await(tr.getKey(KeySelector.firstGreaterThan(key("g/a"))))));
            interfere(key("g/b"), "b");
            tr.set(key("out"), utf8("x"));
            assertEquals(NOT_COMMITTED, failureCode(tr::commit), "the insert changes what getKey resolves to");
        }
        try (Transaction tr = begin()) {
            assertEquals("g/b", name(await(tr.getKey(KeySelector.firstGreaterThan(key("g/a"))))));
            interfere(key("g/d"), "d");
            tr.set(key("out"), utf8("x"));
            assertCommits(tr, "an insert after the resolved key does not change what getKey resolves to");
        }
    }

    @Test
    void readOfTheTransactionsOwnWriteAddsNoReadConflict() {
        byte[] k = key("k");
        try (Transaction tr = begin()) {
            await(tr.getReadVersion());
            tr.set(k, utf8("mine"));
            assertArrayEquals(utf8("mine"), await(tr.get(k)));
            interfere(k, "theirs");
            assertCommits(tr, "a read answered from the transaction's own write adds no read conflict");
        }
        assertArrayEquals(utf8("mine"), read(k));
    }

    @Test
    void addedReadConflictOnAKeyWrittenEarlierInTheTransactionIsIgnored() {
        byte[] k = key("k");
        try (Transaction tr = begin()) {
            await(tr.getReadVersion());
            tr.set(k, utf8("mine"));
            tr.addReadConflictKey(k);
            interfere(k, "theirs");
            assertCommits(tr,
                    "addReadConflictKey ignores keys the transaction wrote earlier (developer guide, Conflict ranges)");
        }
        assertArrayEquals(utf8("mine"), read(k));
    }

    @Test
    void readsOfOtherKeysDoNotConflict() {
        byte[] k1 = key("k1");
        byte[] k2 = key("k2");
        interfere(k1, "a");
        try (Transaction tr = begin()) {
            await(tr.get(k1));
            interfere(k2, "b");
            tr.set(key("out"), utf8("x"));
            assertCommits(tr, "a write to a key that was not read must not conflict");
        }
        assertArrayEquals(utf8("x"), read(key("out")));
    }

    @Test
    void blindWritesDoNotConflict() {
        byte[] k = key("k");
        try (Transaction tr = begin()) {
            await(tr.getReadVersion());
            tr.set(k, utf8("mine"));
            interfere(k, "theirs");
            assertCommits(tr, "write-write is not a conflict");
        }
        assertArrayEquals(utf8("mine"), read(k), "the later commit must win");
    }

    @Test
    void snapshotReadsDoNotConflict() {
        byte[] k = key("k");
        byte[] begin = key("r/");
        interfere(k, "a");
        try (Transaction tr = begin()) {
            assertArrayEquals(utf8("a"), await(tr.snapshot().get(k)));
            assertEquals(List.of(), await(tr.snapshot().getRange(begin, ByteArrayUtil.strinc(begin)).asList()));
            interfere(k, "b");
            interfere(key("r/new"), "n");
            tr.set(key("out"), utf8("x"));
            assertCommits(tr, "snapshot reads add no read conflict ranges");
        }
        assertArrayEquals(utf8("x"), read(key("out")));
    }

    @Test
    void atomicOperationsAddNoReadConflict() {
        byte[] counter = key("counter");
        write(counter, bytes(1, 0, 0, 0));
        try (Transaction tr = begin()) {
            await(tr.getReadVersion());
            tr.mutate(MutationType.ADD, counter, bytes(5, 0, 0, 0));
            write(counter, bytes(10, 0, 0, 0));
            assertCommits(tr, "atomic operations add no read conflict range");
        }
        assertArrayEquals(bytes(15, 0, 0, 0), read(counter), "the add must apply on top of the concurrent write");
    }

    @Test
    void addedReadConflictKeyConflicts() {
        byte[] k = key("k");
        try (Transaction tr = begin()) {
            await(tr.getReadVersion());
            tr.addReadConflictKey(k);
            interfere(k, "b");
            tr.set(key("out"), utf8("x"));
            assertEquals(NOT_COMMITTED, failureCode(tr::commit));
        }
        assertNull(read(key("out")));
    }

    @Test
    void addedReadConflictRangeConflicts() {
        try (Transaction tr = begin()) {
            await(tr.getReadVersion());
            tr.addReadConflictRange(key("a"), key("c"));
            interfere(key("b"), "b");
            tr.set(key("out"), utf8("x"));
            assertEquals(NOT_COMMITTED, failureCode(tr::commit));
        }
        try (Transaction tr = begin()) {
            await(tr.getReadVersion());
            tr.addReadConflictRange(key("a"), key("c"));
            interfere(key("c"), "end is exclusive");
            tr.set(key("out"), utf8("x"));
            assertCommits(tr, "the end of a conflict range is exclusive");
        }
    }

    @Test
    void addedWriteConflictRangeMakesAConcurrentReaderConflict() {
        byte[] k = key("k");
        interfere(k, "a");
        try (Transaction reader = begin()) {
            assertArrayEquals(utf8("a"), await(reader.get(k)));
            try (Transaction marker = begin()) {
                marker.addWriteConflictRange(k, ByteArrayUtil.keyAfter(k));
                await(marker.commit());
            }
            reader.set(key("out"), utf8("x"));
            assertEquals(NOT_COMMITTED, failureCode(reader::commit));
        }
        assertArrayEquals(utf8("a"), read(k), "a write conflict range must not write the key");
    }

    @Test
    void nextWriteNoWriteConflictRangeAppliesToTheNextWriteOnly() {
        byte[] k1 = key("k1");
        byte[] k2 = key("k2");
        database().run(tr -> {
            tr.set(k1, utf8("a"));
            tr.set(k2, utf8("a"));
            return null;
        });
        try (Transaction r1 = begin(); Transaction r2 = begin()) {
            await(r1.get(k1));
            await(r2.get(k2));
            try (Transaction w = begin()) {
                w.options().setNextWriteNoWriteConflictRange();
                w.set(k1, utf8("w"));
                w.set(k2, utf8("w"));
                await(w.commit());
            }
            r1.set(key("out1"), utf8("x"));
            assertCommits(r1, "the first write after setNextWriteNoWriteConflictRange has no write conflict range");
            r2.set(key("out2"), utf8("x"));
            assertEquals(NOT_COMMITTED, failureCode(r2::commit), "only the first write skips its conflict range");
        }
        assertArrayEquals(utf8("w"), read(k1), "the write without a conflict range must still be written");
        assertArrayEquals(utf8("w"), read(k2));
    }

    @Test
    void clearOfARangeConflictsWithAReaderOfAKeyInIt() {
        byte[] k = key("c/k");
        interfere(k, "a");
        try (Transaction tr = begin()) {
            assertArrayEquals(utf8("a"), await(tr.get(k)));
            database().run(other -> {
                other.clear(key("c/"), ByteArrayUtil.strinc(key("c/")));
                return null;
            });
            tr.set(key("out"), utf8("x"));
            assertEquals(NOT_COMMITTED, failureCode(tr::commit));
        }
    }

    @Test
    void allReadsOfATransactionSeeOneSnapshot() {
        byte[] k1 = key("k1");
        byte[] k2 = key("k2");
        database().run(tr -> {
            tr.set(k1, utf8("old"));
            tr.set(k2, utf8("old"));
            return null;
        });
        try (Transaction tr = begin()) {
            long readVersion = await(tr.getReadVersion());
            assertArrayEquals(utf8("old"), await(tr.get(k1)));
            database().run(other -> {
                other.set(k1, utf8("new"));
                other.set(k2, utf8("new"));
                other.set(key("k3"), utf8("new"));
                return null;
            });
            assertArrayEquals(utf8("old"), await(tr.get(k2)), "a read after a concurrent commit sees the old value");
            assertEquals(List.of("k1=old", "k2=old"), show(scan(tr, k1, key("k4"))), "and so does a range read");
            assertEquals(readVersion, (long) await(tr.getReadVersion()), "the read version does not change");
        }
    }

    @Test
    void setReadVersionReadsTheDatabaseAsOfThatVersion() {
        byte[] k = key("k");
        long firstVersion;
        try (Transaction tr = begin()) {
            tr.set(k, utf8("first"));
            assertCommits(tr, "a plain write");
            firstVersion = tr.getCommittedVersion();
        }
        write(k, utf8("second"));
        try (Transaction tr = begin()) {
            tr.setReadVersion(firstVersion);
            assertEquals(firstVersion, (long) await(tr.getReadVersion()));
            assertArrayEquals(utf8("first"), await(tr.get(k)), "a read at an older version sees the older value");
        }
        assertArrayEquals(utf8("second"), read(k));
    }

    /**
     * A transaction reads at one version: setting it once it is set (by setReadVersion or by a read) fails with
     * read_version_already_set (2010) and leaves it as it was; a version of 0 or less is version_invalid (2011).
     */
    @Test
    void aReadVersionOnceSetStays() {
        byte[] k = key("k");
        write(k, utf8("first"));
        long firstVersion;
        try (Transaction tr = begin()) {
            firstVersion = await(tr.getReadVersion());
        }
        write(k, utf8("second"));
        try (Transaction tr = begin()) {
            tr.setReadVersion(firstVersion);
            assertEquals(2010, failureCode(() -> {
                tr.setReadVersion(firstVersion + 1);
                return tr.getReadVersion();
            }), "a second setReadVersion");
            assertEquals(firstVersion, (long) await(tr.getReadVersion()), "the first version stays");
            assertArrayEquals(utf8("first"), await(tr.get(k)));
        }
        try (Transaction tr = begin()) {
            await(tr.get(k));
            assertEquals(2010, failureCode(() -> {
                tr.setReadVersion(firstVersion);
                return tr.getReadVersion();
            }), "setReadVersion after a read");
            assertArrayEquals(utf8("second"), await(tr.get(k)), "the transaction still reads at its own version");
        }
        try (Transaction tr = begin()) {
            assertEquals(2011, failureCode(() -> {
                tr.setReadVersion(0);
                return tr.getReadVersion();
            }), "version 0");
        }
    }
}
