package io.relationshiplayer.fdb.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.MutationType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The committer's view of a transaction's point writes, taken from the write buffer's key order without a sort: the
 * same mutations as a stable sort of the log by key (each key's writes in the order issued), and the same write-conflict
 * ranges as {@link KeyRanges#normalize} makes of one [key, key + \x00) per write, adjacent ranges merged.
 */
class WriteBufferOrderTest {

    @Test
    void pointWritesComeInKeyOrderWithTheirConflictRanges() {
        Random random = new Random(17);
        for (int round = 0; round < 500; round++) {
            WriteBuffer buffer = new WriteBuffer();
            List<byte[]> ranges = new ArrayList<>();
            int writes = 1 + random.nextInt(40);
            for (int i = 0; i < writes; i++) {
                byte[] key = key(random);
                byte[] value = {(byte) random.nextInt(256)};
                switch (random.nextInt(5)) {
                    case 0 -> buffer.clear(key);
                    case 1 -> buffer.atomic(MutationType.ADD, key, value);
                    case 2 -> buffer.atomic(MutationType.SET_VERSIONSTAMPED_VALUE, key, new byte[14]);
                    default -> buffer.set(key, value);
                }
                ranges.add(key);
                ranges.add(Keys.keyAfter(key));
            }
            List<Mutation> sorted = new ArrayList<>(buffer.mutations());
            sorted.sort((a, b) -> Keys.compare(a.key(), b.key())); // stable: each key's writes in their order
            assertThat(buffer.mutationsForCommit()).as("round " + round).containsExactlyElementsOf(sorted);
            assertThat(buffer.pointWriteConflicts()).as("round " + round).isDeepEqualTo(KeyRanges.normalize(ranges));
        }
    }

    @Test
    void aRangeClearKeepsTheIssueOrderAndLeavesTheRangesToTheConflicts() {
        WriteBuffer buffer = new WriteBuffer();
        buffer.set(new byte[] {5}, new byte[] {1});
        buffer.clearRange(new byte[] {1}, new byte[] {6});
        buffer.set(new byte[] {2}, new byte[] {1});
        assertThat(buffer.mutationsForCommit()).containsExactlyElementsOf(buffer.mutations());
        assertThat(buffer.pointWriteConflicts()).isNull();
    }

    /** Short keys over few bytes, so that keys repeat and some key is another's key + \x00 (adjacent ranges). */
    private static byte[] key(Random random) {
        byte[] key = new byte[1 + random.nextInt(3)];
        for (int i = 0; i < key.length; i++) {
            key[i] = (byte) (i == 0 ? random.nextInt(3) : random.nextInt(2));
        }
        return key;
    }
}
