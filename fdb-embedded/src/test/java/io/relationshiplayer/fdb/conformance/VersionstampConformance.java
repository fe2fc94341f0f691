package io.relationshiplayer.fdb.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Versionstamps and commit versions (fdb-java 7.3 javadoc of MutationType.SET_VERSIONSTAMPED_KEY / _VALUE,
 * Transaction.getVersionstamp and Transaction.getCommittedVersion): a 10-byte stamp whose first 8 bytes are the
 * commit version, big-endian; the position comes from a 4-byte little-endian offset appended to the parameter.
 * The parameters are built by hand: Tuple.packWithVersionstamp would load the native library.
 */
public abstract class VersionstampConformance extends ConformanceSupport {
    private static final HexFormat HEX = HexFormat.of();

    /** {@code before} + 10 placeholder bytes + {@code after} + the little-endian offset of the placeholder. */
    private static byte[] stampAt(byte[] before, byte[] after) {
        return ByteArrayUtil.join(before, new byte[10], after, littleEndian32(before.length));
    }

    @Test
    void versionstampedKeyAndValueContainTheTransactionsVersionstamp() {
        byte[] keyPrefix = key("vk/");
        byte[] valueKey = key("vv");
        long committedVersion;
        byte[] stamp;
        try (Transaction tr = begin()) {
            tr.mutate(MutationType.SET_VERSIONSTAMPED_KEY, stampAt(keyPrefix, utf8("/s")), utf8("value"));
            tr.mutate(MutationType.SET_VERSIONSTAMPED_VALUE, valueKey, stampAt(utf8("pre"), utf8("post")));
            CompletableFuture<byte[]> versionstamp = tr.getVersionstamp();
            await(tr.commit());
            stamp = await(versionstamp);
            committedVersion = tr.getCommittedVersion();
        }
        assertEquals(10, stamp.length, "a versionstamp has 10 bytes");
        assertEquals(committedVersion, ByteBuffer.wrap(stamp, 0, 8).getLong(),
                "the first 8 bytes of the versionstamp are the commit version, big-endian");

        List<KeyValue> keys = database().read(tr -> scan(tr, keyPrefix, ByteArrayUtil.strinc(keyPrefix)));
        assertEquals(1, keys.size(), show(keys).toString());
        assertEquals(HEX.formatHex(ByteArrayUtil.join(keyPrefix, stamp, utf8("/s"))),
                HEX.formatHex(keys.get(0).getKey()), "the key with the versionstamp in place of the placeholder");
        assertArrayEquals(utf8("value"), keys.get(0).getValue());
        assertEquals(HEX.formatHex(ByteArrayUtil.join(utf8("pre"), stamp, utf8("post"))),
                HEX.formatHex(read(valueKey)), "the value with the versionstamp, the offset suffix removed");
    }

    @Test
    void versionstampsAndCommitVersionsIncreaseAcrossCommits() {
        List<byte[]> stamps = new ArrayList<>();
        List<Long> versions = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            try (Transaction tr = begin()) {
                tr.set(key("k" + i), utf8("v"));
                CompletableFuture<byte[]> stamp = tr.getVersionstamp();
                await(tr.commit());
                stamps.add(await(stamp));
                versions.add(tr.getCommittedVersion());
            }
            try (Transaction next = begin()) {
                long readVersion = await(next.getReadVersion());
                assertTrue(readVersion >= versions.get(i),
                        "a transaction started after a commit reads at or after its version: " + readVersion + " < "
                                + versions.get(i));
            }
        }
        for (int i = 1; i < 3; i++) {
            assertTrue(ByteArrayUtil.compareUnsigned(stamps.get(i - 1), stamps.get(i)) < 0,
                    "versionstamps must increase: " + HEX.formatHex(stamps.get(i - 1)) + " then "
                            + HEX.formatHex(stamps.get(i)));
            assertTrue(versions.get(i - 1) < versions.get(i), "commit versions must increase: " + versions);
            assertEquals(versions.get(i), ByteBuffer.wrap(stamps.get(i), 0, 8).getLong());
        }
    }

    @Test
    void commitVersionIsAtLeastTheReadVersion() {
        try (Transaction tr = begin()) {
            long readVersion = await(tr.getReadVersion());
            tr.set(key("k"), utf8("v"));
            await(tr.commit());
            assertTrue(tr.getCommittedVersion() > readVersion,
                    "commit version " + tr.getCommittedVersion() + " must follow read version " + readVersion);
        }
    }

    @Test
    void readOnlyTransactionHasNoCommitVersion() {
        write(key("k"), utf8("v"));
        try (Transaction tr = begin()) {
            CompletableFuture<byte[]> stamp = tr.getVersionstamp();
            assertArrayEquals(utf8("v"), await(tr.get(key("k"))));
            await(tr.commit());
            assertEquals(-1L, tr.getCommittedVersion(), "a read-only transaction's committed version is -1");
            assertEquals(NO_COMMIT_VERSION, failureCode(() -> stamp),
                    "a read-only transaction's versionstamp future fails (no_commit_version)");
        }
    }

    @Test
    void oneTransactionUsesOneVersionstampForAllItsOperations() {
        byte[] keyPrefix = key("many/");
        try (Transaction tr = begin()) {
            for (int i = 0; i < 3; i++) {
                tr.mutate(MutationType.SET_VERSIONSTAMPED_KEY, stampAt(keyPrefix, bytes(i)), bytes(i));
            }
            tr.mutate(MutationType.SET_VERSIONSTAMPED_VALUE, key("value"), stampAt(new byte[0], new byte[0]));
            CompletableFuture<byte[]> stampFuture = tr.getVersionstamp();
            await(tr.commit());
            byte[] stamp = await(stampFuture);
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                expected.add(HEX.formatHex(ByteArrayUtil.join(keyPrefix, stamp, bytes(i))));
            }
            List<String> actual = new ArrayList<>();
            for (KeyValue kv : database().read(t -> scan(t, keyPrefix, ByteArrayUtil.strinc(keyPrefix)))) {
                actual.add(HEX.formatHex(kv.getKey()));
            }
            assertEquals(expected, actual);
            assertEquals(HEX.formatHex(stamp), HEX.formatHex(read(key("value"))));
        }
    }

    @Test
    void versionstampedValueIsUnreadableInItsOwnTransaction() {
        byte[] k = key("vv");
        try (Transaction tr = begin()) {
            tr.mutate(MutationType.SET_VERSIONSTAMPED_VALUE, k, stampAt(utf8("pre"), new byte[0]));
            assertEquals(ACCESSED_UNREADABLE, failureCode(() -> tr.get(k)),
                    "the value is not known before commit (accessed_unreadable)");
        }
    }

    @Test
    void versionstampOffsetOutsideTheParamIsInvalid() {
        byte[] k = key("vv");
        byte[] param = ByteArrayUtil.join(utf8("short"), littleEndian32(2));
        int code;
        try (Transaction tr = begin()) {
            try {
                tr.mutate(MutationType.SET_VERSIONSTAMPED_VALUE, k, param);
                code = failureCode(tr::commit);
            } catch (RuntimeException e) {
                code = codeOf(e);
            }
        }
        assertEquals(CLIENT_INVALID_OPERATION, code, "10 bytes from offset 2 do not fit in a 5-byte value");
        assertEquals(List.of(), committedUnderPrefix());
    }
}
