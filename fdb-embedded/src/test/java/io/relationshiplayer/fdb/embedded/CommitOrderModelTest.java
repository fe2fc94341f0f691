package io.relationshiplayer.fdb.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import io.relationshiplayer.fdb.Backend;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What a committed transaction leaves is what its writes make in the order it issued them, however the committer
 * orders them: sets, clears and atomic adds of the same key in any order, on keys written out of key order, some
 * transactions with a range clear between point writes. Checked against a plain model, with every key read back after
 * each commit.
 */
class CommitOrderModelTest {
    private static final int KEYS = 24;

    @Test
    void eachCommitLeavesWhatItsWritesInIssueOrderMake() {
        try (Backend backend = Backend.embedded(EngineConfig.memory())) {
            Database db = backend.database();
            Random random = new Random(11);
            TreeMap<String, Long> model = new TreeMap<>();
            for (int round = 0; round < 300; round++) {
                TreeMap<String, Long> next = new TreeMap<>(model);
                boolean ranges = random.nextInt(3) == 0;
                int ops = 1 + random.nextInt(30);
                long[][] plan = new long[ops][];
                for (int op = 0; op < ops; op++) {
                    int a = random.nextInt(KEYS);
                    int b = random.nextInt(KEYS + 1);
                    int kind = random.nextInt(ranges ? 4 : 3);
                    plan[op] = new long[] {kind, a, b, random.nextInt(1000)};
                    switch (kind) {
                        case 0 -> next.put(name(a), plan[op][3]);
                        case 1 -> next.remove(name(a));
                        case 2 -> next.merge(name(a), plan[op][3], Long::sum);
                        default -> {
                            if (a < b) {
                                next.subMap(name(a), name(b)).clear();
                            }
                        }
                    }
                }
                db.run(tr -> {
                    for (long[] p : plan) {
                        int a = (int) p[1];
                        switch ((int) p[0]) {
                            case 0 -> tr.set(key(a), value(p[3]));
                            case 1 -> tr.clear(key(a));
                            case 2 -> tr.mutate(MutationType.ADD, key(a), value(p[3]));
                            default -> {
                                if (a < p[2]) {
                                    tr.clear(key(a), key((int) p[2]));
                                }
                            }
                        }
                    }
                    return null;
                });
                model = next;
                List<KeyValue> got = db.read(tr -> tr.getRange(key(0), key(KEYS)).asList().join());
                Map<String, Long> stored = got.stream().collect(Collectors.toMap(
                        kv -> new String(kv.getKey(), StandardCharsets.UTF_8), kv -> decode(kv.getValue()),
                        (x, y) -> x, LinkedHashMap::new));
                assertThat(stored).as("after round " + round + (ranges ? " (with range clears)" : ""))
                        .containsExactlyEntriesOf(model);
            }
        }
    }

    private static String name(int i) {
        return String.format("k%02d", i);
    }

    private static byte[] key(int i) {
        return name(i).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] value(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }

    private static long decode(byte[] v) {
        return ByteBuffer.wrap(Arrays.copyOf(v, 8)).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }
}
