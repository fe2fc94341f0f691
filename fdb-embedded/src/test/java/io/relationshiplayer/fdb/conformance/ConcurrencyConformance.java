package io.relationshiplayer.fdb.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Serializability under contention: FoundationDB's optimistic concurrency must make concurrent read-modify-write
 * transactions behave as if they ran one at a time (developer guide, "Transaction basics" / ACID).
 */
public abstract class ConcurrencyConformance extends ConformanceSupport {
    private static final int ACCOUNTS = 20;
    private static final int THREADS = 8;
    private static final int TRANSFERS_PER_THREAD = 200;
    private static final long OPENING_BALANCE = 1_000;

    private record Transfer(int from, int to, long amount) {
    }

    private byte[] account(int i) {
        return key("account/" + i);
    }

    @Test
    void concurrentTransfersKeepTheTotalAndLoseNoUpdate() throws Exception {
        byte[] counter = key("committed-transfers");
        database().run(tr -> {
            for (int i = 0; i < ACCOUNTS; i++) {
                tr.set(account(i), int64(OPENING_BALANCE));
            }
            tr.set(counter, int64(0));
            return null;
        });

        // Planned up front so the exact final balance of every account is known: transfers commute.
        List<List<Transfer>> plans = new ArrayList<>();
        long[] expected = new long[ACCOUNTS];
        Arrays.fill(expected, OPENING_BALANCE);
        Random random = new Random(42);
        for (int t = 0; t < THREADS; t++) {
            List<Transfer> plan = new ArrayList<>();
            for (int j = 0; j < TRANSFERS_PER_THREAD; j++) {
                int from = random.nextInt(ACCOUNTS);
                int to = (from + 1 + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
                Transfer transfer = new Transfer(from, to, 1 + random.nextInt(100));
                plan.add(transfer);
                expected[from] -= transfer.amount();
                expected[to] += transfer.amount();
            }
            plans.add(plan);
        }

        AtomicInteger successfulRuns = new AtomicInteger();
        AtomicInteger attempts = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<CompletableFuture<Void>> workers = new ArrayList<>();
            for (List<Transfer> plan : plans) {
                workers.add(CompletableFuture.runAsync(() -> {
                    for (Transfer transfer : plan) {
                        database().run(tr -> {
                            attempts.incrementAndGet();
                            move(tr, transfer, counter);
                            return null;
                        });
                        successfulRuns.incrementAndGet();
                    }
                }, pool));
            }
            CompletableFuture.allOf(workers.toArray(new CompletableFuture<?>[0])).get(120, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }

        assertEquals(THREADS * TRANSFERS_PER_THREAD, successfulRuns.get());
        long[] balances = database().read(tr -> {
            long[] out = new long[ACCOUNTS];
            for (int i = 0; i < ACCOUNTS; i++) {
                out[i] = int64(await(tr.get(account(i))));
            }
            return out;
        });
        long total = 0;
        for (long balance : balances) {
            total += balance;
        }
        assertEquals(ACCOUNTS * OPENING_BALANCE, total, "money was created or destroyed");
        assertArrayEquals(expected, balances, "a transfer was lost or applied twice");
        assertEquals(successfulRuns.get(), int64(read(counter)),
                "the read-modify-write counter lost an update (attempts: " + attempts.get() + ")");
    }

    private void move(Transaction tr, Transfer transfer, byte[] counter) {
        byte[] fromKey = account(transfer.from());
        byte[] toKey = account(transfer.to());
        long from = int64(await(tr.get(fromKey)));
        long to = int64(await(tr.get(toKey)));
        tr.set(fromKey, int64(from - transfer.amount()));
        tr.set(toKey, int64(to + transfer.amount()));
        long done = int64(await(tr.get(counter)));
        tr.set(counter, int64(done + 1));
    }

    @Test
    void concurrentIncrementsThroughRunAsyncAreSerializable() throws Exception {
        byte[] counter = key("async-counter");
        write(counter, int64(0));
        int increments = 100;
        List<CompletableFuture<Void>> all = new ArrayList<>();
        for (int i = 0; i < increments; i++) {
            all.add(database().runAsync(tr -> tr.get(counter).thenAccept(v -> tr.set(counter, int64(int64(v) + 1)))));
        }
        CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0])).get(120, TimeUnit.SECONDS);
        assertEquals(increments, int64(read(counter)), ByteArrayUtil.printable(read(counter)));
    }
}
