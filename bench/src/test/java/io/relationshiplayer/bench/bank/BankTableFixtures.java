package io.relationshiplayer.bench.bank;

import java.util.BitSet;
import java.util.List;

/** A fixed reference and fixed measured rows, so that the bank tables can be compared byte for byte. */
final class BankTableFixtures {
    private BankTableFixtures() {
    }

    static final BankReference REFERENCE = new BankReference(List.of(
            new BankReference.Row("1", "FDB", 3, 8, 64, 100, 10, 100, 12_345.6, 8.1, 250.5, 20.25),
            new BankReference.Row("8", "PG", 1, 16, 128, 64, 1000, 100, 2_500, 25.5, 1_800, 60.75)), "the report");

    /** 123,457 acknowledgements, one every 81 us. */
    private static long[] completions() {
        long[] done = new long[123_457];
        for (int i = 0; i < done.length; i++) {
            done[i] = 1 + i * 81_000L;
        }
        return done;
    }

    static List<BankTable.Measured> measured() {
        Latencies l = new Latencies();
        for (long ms = 1; ms <= 100; ms++) {
            l.add(ms * 1_000_000L + 500_000L);
        }
        Latencies merged = Latencies.merge(List.of(l));
        BitSet acked = new BitSet();
        acked.set(0, 123_457);
        TransferRun.Result result = new TransferRun.Result(merged, completions(), 0, 0, 10_000_000_000L, acked, new BitSet(),
                new BitSet(), 123_457, 0, 0, 0, -1, 0);
        return List.of(new BankTable.Measured("RL memory", 8, 10_000, result, BankTable.Server.IN_PROCESS),
                new BankTable.Measured("RL on fdb", 64, 1_500_000, result, BankTable.Server.MACHINE));
    }
}
