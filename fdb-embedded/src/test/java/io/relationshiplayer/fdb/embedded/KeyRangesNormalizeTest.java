package io.relationshiplayer.fdb.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link KeyRanges#normalize} sorts by the bytes after the keys' shared prefix: the same ranges as a plain sort by
 * whole keys and merge, for keys sharing long prefixes, keys that are others' prefixes, zero bytes (the padding of a
 * short key), duplicates, and batches of every size around the small-run limit.
 */
class KeyRangesNormalizeTest {

    @Test
    void sortsAndMergesAsAPlainSortDoes() {
        Random random = new Random(5);
        for (int round = 0; round < 2_000; round++) {
            int n = random.nextInt(round % 10 == 0 ? 300 : 40);
            int prefix = random.nextInt(12);
            List<byte[]> pairs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                byte[] b = key(random, prefix);
                byte[] e = random.nextInt(3) == 0 ? key(random, prefix) : Keys.keyAfter(b);
                pairs.add(b);
                pairs.add(e);
            }
            assertThat(KeyRanges.normalize(pairs)).as("round " + round).isDeepEqualTo(plain(pairs));
        }
    }

    /** A shared prefix of {@code prefix} bytes, then up to 10 bytes mostly zeros and ones. */
    private static byte[] key(Random random, int prefix) {
        byte[] k = new byte[prefix + random.nextInt(11)];
        for (int i = 0; i < k.length; i++) {
            k[i] = (byte) (i < prefix ? 7 : random.nextInt(4) == 0 ? 255 : random.nextInt(2));
        }
        return k;
    }

    private static byte[][] plain(List<byte[]> pairs) {
        List<byte[][]> list = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i += 2) {
            if (Keys.compare(pairs.get(i), pairs.get(i + 1)) < 0) {
                list.add(new byte[][] {pairs.get(i), pairs.get(i + 1)});
            }
        }
        list.sort((x, y) -> Keys.compare(x[0], y[0]));
        List<byte[]> merged = new ArrayList<>();
        for (byte[][] r : list) {
            int last = merged.size() - 1;
            if (last > 0 && Keys.compare(r[0], merged.get(last)) <= 0) {
                merged.set(last, Keys.max(merged.get(last), r[1]));
            } else {
                merged.add(r[0]);
                merged.add(r[1]);
            }
        }
        return merged.toArray(new byte[0][]);
    }
}
