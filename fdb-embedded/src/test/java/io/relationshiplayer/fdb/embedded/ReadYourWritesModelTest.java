package io.relationshiplayer.fdb.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Transaction;
import io.relationshiplayer.fdb.Backend;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Read-your-writes range and point reads against a plain model: a transaction's sets, clears, range clears and atomic
 * adds over a small key space, interleaved with reads in both directions, with limits, snapshot or not, plain and
 * key-selector bounds; with and without injected latency (where reads the transaction's cache answers take no round
 * trip: the values must be the same).
 */
class ReadYourWritesModelTest {
    private static final int KEYS = 16;

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void readsSeeTheStoreWithTheTransactionsOwnWritesMergedIn(boolean latency) {
        LatencyProfile profile = latency ? new LatencyProfile(0, 0, 50, 50, 50, 50, 0, 0) : LatencyProfile.NONE;
        try (Backend backend = Backend.embedded(EngineConfig.memory().withLatency(profile))) {
            Database db = backend.database();
            Random random = new Random(7);
            for (int round = 0; round < 150; round++) {
                TreeMap<String, Long> base = new TreeMap<>();
                db.run(tr -> {
                    tr.clear(key(0), key(KEYS));
                    return null;
                });
                db.run(tr -> {
                    for (int i = 0; i < KEYS; i++) {
                        if (random.nextInt(3) > 0) {
                            long v = random.nextInt(1000);
                            tr.set(key(i), value(v));
                            base.put(name(i), v);
                        }
                    }
                    return null;
                });
                TreeMap<String, Long> model = new TreeMap<>(base);
                try (Transaction tr = db.createTransaction()) {
                    for (int op = 0; op < 40; op++) {
                        int a = random.nextInt(KEYS + 1);
                        int b = random.nextInt(KEYS + 1);
                        int lo = Math.min(a, b);
                        int hi = Math.max(a, b);
                        String where = "round " + round + " op " + op;
                        switch (random.nextInt(9)) {
                            case 0 -> {
                                long v = random.nextInt(1000);
                                tr.set(key(lo), value(v));
                                model.put(name(lo), v);
                            }
                            case 1 -> {
                                tr.clear(key(lo));
                                model.remove(name(lo));
                            }
                            case 2 -> {
                                tr.clear(key(lo), key(hi));
                                model.subMap(name(lo), name(hi)).clear();
                            }
                            case 3 -> {
                                long d = random.nextInt(5) + 1;
                                tr.mutate(MutationType.ADD, key(lo), value(d));
                                model.merge(name(lo), d, Long::sum);
                            }
                            case 4 -> {
                                boolean snapshot = random.nextBoolean();
                                byte[] got = (snapshot ? tr.snapshot().get(key(lo)) : tr.get(key(lo))).join();
                                Long want = model.get(name(lo));
                                assertThat(got == null ? null : decode(got)).as(where + " get " + lo).isEqualTo(want);
                            }
                            case 5 -> {
                                // a key selector bound: the first key at or after lo + 1 (offset 2 from lastLessThan)
                                KeySelector from = new KeySelector(key(lo), false, 1 + random.nextInt(2));
                                List<KeyValue> got = tr.getRange(from, KeySelector.firstGreaterOrEqual(key(hi)))
                                        .asList().join();
                                List<String> keys = new ArrayList<>(model.subMap(name(lo), name(hi)).keySet());
                                List<String> want = keys.subList(Math.min(from.getOffset() - 1, keys.size()),
                                        keys.size());
                                assertThat(names(got)).as(where + " selector range " + from + " " + hi)
                                        .isEqualTo(want);
                            }
                            default -> {
                                boolean reverse = random.nextBoolean();
                                boolean snapshot = random.nextBoolean();
                                int limit = random.nextInt(4);
                                var reads = snapshot ? tr.snapshot() : tr;
                                List<KeyValue> got = reads.getRange(key(lo), key(hi), limit, reverse).asList().join();
                                NavigableMap<String, Long> want = model.subMap(name(lo), true, name(hi), false);
                                if (reverse) {
                                    want = want.descendingMap();
                                }
                                List<String> wantKeys = new ArrayList<>();
                                List<Long> wantValues = new ArrayList<>();
                                for (Map.Entry<String, Long> e : want.entrySet()) {
                                    if (limit > 0 && wantKeys.size() == limit) {
                                        break;
                                    }
                                    wantKeys.add(e.getKey());
                                    wantValues.add(e.getValue());
                                }
                                String what = where + " range [" + lo + ", " + hi + ") limit " + limit
                                        + (reverse ? " reverse" : "") + (snapshot ? " snapshot" : "");
                                assertThat(names(got)).as(what).isEqualTo(wantKeys);
                                assertThat(got.stream().map(kv -> decode(kv.getValue())).toList()).as(what)
                                        .isEqualTo(wantValues);
                            }
                        }
                    }
                }
            }
        }
    }

    private static String name(int i) {
        return String.format("k%02d", i);
    }

    private static byte[] key(int i) {
        return name(i).getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> names(List<KeyValue> kvs) {
        return kvs.stream().map(kv -> new String(kv.getKey(), StandardCharsets.UTF_8)).toList();
    }

    private static byte[] value(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }

    private static long decode(byte[] v) {
        return ByteBuffer.wrap(Arrays.copyOf(v, 8)).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }
}
