package io.relationshiplayer.fdb.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.tuple.Tuple;
import io.relationshiplayer.fdb.Backend;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A record and its index entry, written in one commit, are visible together at every read version: writers commit
 * batches of record + index-entry pairs (each after reading a parent key, as a foreign-key check does) while readers
 * scan a parent's index entries and read each entry's record in the same transaction; afterwards every parent's
 * entries are checked again and the records counted.
 */
class ConcurrentCommitInvariantTest {
    private static final byte[] PREFIX = Tuple.from("rl", "databases", "bench", "records").pack();

    @Test
    void anIndexEntryIsAlwaysVisibleWithItsRecord() throws Exception {
        for (int round = 0; round < Integer.getInteger("rounds", 3); round++) {
            runRound(round);
        }
    }

    private void runRound(int round) throws Exception {
        try (Backend backend = Backend.embedded(EngineConfig.memory())) {
            Database db = backend.database();
            int writers = 3;
            int perWriter = 60;
            int rows = 100;
            int parents = 400;
            AtomicBoolean done = new AtomicBoolean();
            ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
            AtomicLong checks = new AtomicLong();
            List<Thread> threads = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int writer = w;
                threads.add(new Thread(() -> {
                    Random random = new Random(round * 100 + writer);
                    for (int t = 0; t < perWriter; t++) {
                        long base = ((long) writer * perWriter + t) * rows;
                        db.run(tr -> {
                            for (long id = base; id < base + rows; id++) {
                                long parent = 1 + random.nextInt(parents);
                                tr.get(record(1, parent)).join();
                                tr.set(record(2, id), Tuple.from(id, parent).pack());
                                tr.set(index(parent, id), new byte[0]);
                            }
                            return null;
                        });
                    }
                }));
            }
            for (int r = 0; r < 2; r++) {
                int reader = r;
                threads.add(new Thread(() -> {
                    Random random = new Random(round * 100 + 50 + reader);
                    while (!done.get()) {
                        long parent = 1 + random.nextInt(parents);
                        String problem = db.read(tr -> check(tr, parent));
                        checks.incrementAndGet();
                        if (problem != null) {
                            problems.add(problem);
                        }
                    }
                }));
            }
            db.run(tr -> {
                for (long p = 1; p <= parents; p++) {
                    tr.set(record(1, p), new byte[] {1});
                }
                return null;
            });
            threads.forEach(Thread::start);
            for (int i = 0; i < writers; i++) {
                threads.get(i).join();
            }
            done.set(true);
            for (Thread t : threads) {
                t.join();
            }
            for (long p = 1; p <= parents; p++) {
                long parent = p;
                String problem = db.read(tr -> check(tr, parent));
                if (problem != null) {
                    problems.add("after: " + problem);
                }
            }
            long total = db.read(tr -> (long) tr.getRange(Tuple.from(2L).range(PREFIX)).asList().join().size());
            assertThat(problems).as("round " + round + ", " + checks + " checks").isEmpty();
            assertThat(checks.get()).as("reads that ran beside the commits").isPositive();
            assertThat(total).isEqualTo((long) writers * perWriter * rows);
        }
    }

    private static String check(com.apple.foundationdb.ReadTransaction tr, long parent) {
        byte[] begin = concat(PREFIX, Tuple.from(3L, parent).pack());
        byte[] end = concat(begin, new byte[] {(byte) 0xff});
        List<KeyValue> entries = tr.getRange(begin, end).asList().join();
        for (KeyValue kv : entries) {
            Tuple t = Tuple.fromBytes(kv.getKey(), PREFIX.length, kv.getKey().length - PREFIX.length);
            long id = t.getLong(2);
            byte[] rec = tr.get(record(2, id)).join();
            if (rec == null) {
                return "index entry " + t + " without its record at read version " + tr.getReadVersion().join();
            }
        }
        return null;
    }

    private static byte[] record(long type, long id) {
        return concat(PREFIX, Tuple.from(type, id, 0L).pack());
    }

    private static byte[] index(long parent, long id) {
        return concat(PREFIX, Tuple.from(3L, parent, id).pack());
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
