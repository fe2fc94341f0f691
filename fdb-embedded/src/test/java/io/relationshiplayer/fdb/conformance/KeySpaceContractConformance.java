package io.relationshiplayer.fdb.conformance;

import static com.apple.foundationdb.KeySelector.firstGreaterOrEqual;
import static com.apple.foundationdb.KeySelector.firstGreaterThan;
import static com.apple.foundationdb.KeySelector.lastLessThan;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The key space as FoundationDB 7.3 guards it (ReadYourWrites.actor.cpp; api-error-codes; developer guide, "Conflict
 * ranges" and "Metadata version"): system keys, the transaction's own versionstamped keys, the conflict ranges of key
 * selectors and of ranges the transaction wrote first, and the metadata version key.
 */
public abstract class KeySpaceContractConformance extends ConformanceSupport {
    private static final byte[] METADATA_VERSION_KEY = "\u00ff/metadataVersion".getBytes(StandardCharsets.ISO_8859_1);
    private static final int TRANSACTION_INVALID_VERSION = 2020;
    private static final HexFormat HEX = HexFormat.of();

    /** Runs {@code work}, which FoundationDB refuses at once or at commit; returns the code. Never commits data. */
    private int refusedCode(Consumer<Transaction> work) {
        try (Transaction tr = begin()) {
            try {
                work.accept(tr);
            } catch (RuntimeException e) {
                return codeOf(e);
            }
            return failureCode(tr::commit);
        }
    }

    // ---- system keys ----

    @Test
    void readsReachingSystemKeysNeedAccess() {
        try (Transaction tr = begin()) {
            assertEquals(KEY_OUTSIDE_LEGAL_RANGE, failureCode(() -> tr.get(bytes(0xFF))), "get of \\xff");
            assertEquals(KEY_OUTSIDE_LEGAL_RANGE,
                    failureCode(() -> tr.getRange(prefix, bytes(0xFF, 0xFF)).asList()), "a range to \\xff\\xff");
            assertEquals(KEY_OUTSIDE_LEGAL_RANGE,
                    failureCode(() -> tr.getKey(firstGreaterOrEqual(bytes(0xFF, 0x01)))), "a selector past \\xff");
            assertEquals(List.of(), await(tr.getRange(prefix, bytes(0xFF)).asList().thenApply(kvs ->
                    kvs.stream().filter(kv -> ByteArrayUtil.startsWith(kv.getKey(), prefix)).toList())),
                    "a range up to \\xff is legal");
        }
        try (Transaction tr = begin()) {
            tr.options().setReadSystemKeys();
            assertTrue(await(tr.getRange(bytes(0xFF), bytes(0xFF, 0xFF), 1).asList()).size() <= 1,
                    "with access, a range to \\xff\\xff is legal");
            await(tr.get(bytes(0xFF, 0x01, 0x02))); // and so is a system key: no error
        }
    }

    @Test
    void conflictRangesReachingSystemKeysNeedAccess() {
        assertEquals(KEY_OUTSIDE_LEGAL_RANGE, refusedCode(tr -> {
            tr.addReadConflictRange(prefix, bytes(0xFF, 0xFF));
            tr.set(key("out"), utf8("x"));
        }), "a read conflict range to \\xff\\xff");
        assertEquals(KEY_OUTSIDE_LEGAL_RANGE, refusedCode(tr -> {
            tr.addWriteConflictRange(prefix, bytes(0xFF, 0x01));
            tr.set(key("out"), utf8("x"));
        }), "a write conflict range past \\xff");
        assertEquals(List.of(), committedUnderPrefix());
    }

    /** Sets {@code key} and reports the write's error at the next read (0 if none); never commits. */
    private int systemWriteCode(byte[] key) {
        try (Transaction tr = begin()) {
            tr.options().setAccessSystemKeys();
            try {
                tr.set(key, utf8("v"));
                await(tr.get(key("k")));
                return 0;
            } catch (RuntimeException e) {
                return codeOf(e);
            }
        }
    }

    @Test
    void systemKeysTakeUpToThirtyThousandBytes() {
        byte[] accepted = filled(30_000, 'k');
        accepted[0] = (byte) 0xFF;
        byte[] refused = filled(30_001, 'k');
        refused[0] = (byte) 0xFF;
        assertEquals(0, systemWriteCode(accepted), "a system key of 30,000 bytes");
        assertEquals(KEY_TOO_LARGE, systemWriteCode(refused), "a system key of 30,001 bytes");
    }

    // ---- versionstamps ----

    private static byte[] stampAt(byte[] before, byte[] after) {
        return ByteArrayUtil.join(before, new byte[10], after, littleEndian32(before.length));
    }

    @Test
    void rangeReadOverTheTransactionsOwnVersionstampedKeyIsUnreadable() {
        byte[] stamped = key("vk/");
        write(key("vk0"), utf8("after the stamped keys"));
        try (Transaction tr = begin()) {
            tr.mutate(MutationType.SET_VERSIONSTAMPED_KEY, stampAt(stamped, utf8("/s")), utf8("v"));
            assertEquals(ACCESSED_UNREADABLE,
                    failureCode(() -> tr.getRange(stamped, ByteArrayUtil.strinc(stamped)).asList()));
            assertEquals(ACCESSED_UNREADABLE, failureCode(() -> tr.getRange(prefix, key("vl")).asList()),
                    "a wider range through them");
            assertEquals(List.of("vk0=after the stamped keys"), show(scan(tr, key("vk0"), key("vl"))),
                    "a range beside them is readable");
        }
    }

    @Test
    void versionstampOfAFailedCommitFails() {
        byte[] k = key("k");
        write(k, utf8("0"));
        try (Transaction tr = begin()) {
            await(tr.get(k));
            tr.mutate(MutationType.SET_VERSIONSTAMPED_VALUE, key("vv"), stampAt(new byte[0], new byte[0]));
            CompletableFuture<byte[]> stamp = tr.getVersionstamp();
            write(k, utf8("1"));
            assertEquals(NOT_COMMITTED, failureCode(tr::commit));
            assertEquals(TRANSACTION_INVALID_VERSION, failureCode(() -> stamp));
        }
    }

    // ---- conflicts ----

    @Test
    void keySelectorsDoNotConflictOnTheirOwnAnchor() {
        write(key("g/a"), utf8("a"));
        write(key("g/c"), utf8("c"));
        try (Transaction tr = begin()) {
            assertEquals("g/c", name(await(tr.getKey(firstGreaterThan(key("g/a"))))));
            write(key("g/a"), utf8("changed"));
            tr.set(key("out"), utf8("x"));
            assertCommits(tr, "firstGreaterThan(a) does not read a");
        }
        try (Transaction tr = begin()) {
            assertEquals("g/a", name(await(tr.getKey(lastLessThan(key("g/c"))))));
            write(key("g/c"), utf8("changed"));
            tr.set(key("out"), utf8("x"));
            assertCommits(tr, "lastLessThan(c) does not read c");
        }
        try (Transaction tr = begin()) {
            assertEquals("g/a", name(await(tr.getKey(lastLessThan(key("g/c"))))));
            write(key("g/b"), utf8("inserted"));
            tr.set(key("out"), utf8("x"));
            assertEquals(NOT_COMMITTED, failureCode(tr::commit), "an insert between resolved key and anchor");
        }
    }

    @Test
    void rangeReadAddsNoConflictForKeysTheTransactionWroteFirst() {
        byte[] begin = key("r/");
        byte[] end = ByteArrayUtil.strinc(begin);
        try (Transaction tr = begin()) {
            tr.set(key("r/mine"), utf8("mine"));
            assertEquals(List.of("r/mine=mine"), show(scan(tr, begin, end)));
            write(key("r/mine"), utf8("theirs"));
            assertCommits(tr, "a key the transaction wrote before reading it is not a read conflict");
        }
        try (Transaction tr = begin()) {
            tr.set(key("r/mine"), utf8("mine again"));
            assertEquals(1, scan(tr, begin, end).size());
            write(key("r/other"), utf8("theirs"));
            tr.set(key("out"), utf8("x"));
            assertEquals(NOT_COMMITTED, failureCode(tr::commit), "the rest of the range still conflicts");
        }
    }

    // ---- the metadata version key ----

    @Test
    void metadataVersionIsTheVersionstampOfTheCommitThatSetIt() {
        byte[] before = database().read(tr -> await(tr.get(METADATA_VERSION_KEY)));
        byte[] stamp;
        try (Transaction tr = begin()) {
            tr.mutate(MutationType.SET_VERSIONSTAMPED_VALUE, METADATA_VERSION_KEY, new byte[14]);
            assertEquals(ACCESSED_UNREADABLE, failureCode(() -> tr.get(METADATA_VERSION_KEY)),
                    "unreadable once set in the same transaction");
            CompletableFuture<byte[]> versionstamp = tr.getVersionstamp();
            assertCommits(tr, "setting the metadata version needs no system-key access");
            stamp = await(versionstamp);
        }
        byte[] after = database().read(tr -> await(tr.get(METADATA_VERSION_KEY)));
        assertEquals(HEX.formatHex(stamp), HEX.formatHex(after), "the value is the commit's 10-byte versionstamp");
        assertTrue(before == null || ByteArrayUtil.compareUnsigned(before, after) < 0, "it only grows");
    }

    @Test
    void metadataVersionIsWrittenOnlyByAVersionstampedValue() {
        byte[] before = database().read(tr -> await(tr.get(METADATA_VERSION_KEY)));
        assertEquals(CLIENT_INVALID_OPERATION, refusedCode(tr -> tr.set(METADATA_VERSION_KEY, new byte[10])),
                "a plain set");
        assertEquals(CLIENT_INVALID_OPERATION, refusedCode(tr ->
                tr.mutate(MutationType.SET_VERSIONSTAMPED_VALUE, METADATA_VERSION_KEY, new byte[15])),
                "a versionstamped value of another shape");
        assertEquals(CLIENT_INVALID_OPERATION, refusedCode(tr ->
                tr.mutate(MutationType.ADD, METADATA_VERSION_KEY, bytes(1))), "an atomic add");
        assertArrayEquals(before, database().read(tr -> await(tr.get(METADATA_VERSION_KEY))),
                "the refused writes changed nothing");
    }
}
