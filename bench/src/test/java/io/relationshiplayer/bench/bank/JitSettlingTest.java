package io.relationshiplayer.bench.bank;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class JitSettlingTest {
    private static final long SECOND = 1_000_000_000L;

    /** A clock that moves only when the settling sleeps, and a compiler busy (half of each second) until it is not. */
    private static final class Jvm {
        final AtomicLong now = new AtomicLong(1_000 * SECOND);
        final long start = now.get();
        final long busyUntil;
        long compiled;

        Jvm(double busySeconds) {
            busyUntil = start + (long) (busySeconds * SECOND);
        }

        JitSettling settling(double maxSeconds) {
            return new JitSettling(() -> compiled, now::get, millis -> {
                if (now.get() < busyUntil) {
                    compiled += millis / 2;
                }
                now.addAndGet(millis * 1_000_000L);
            }, maxSeconds);
        }
    }

    @Test
    void theWarmUpEndsAtTheFirstQuietWindowAfterItsMinimum() throws Exception {
        Jvm jvm = new Jvm(30);
        JitSettling s = jvm.settling(120);
        long end = s.await(jvm.start, jvm.start + 10 * SECOND);
        // busy until 30 s; the 2 s window is quiet enough (under 10 %) some 1.8 s later
        assertThat((end - jvm.start) / 1e9).isBetween(31.0, 32.5);
        assertThat(s.describe()).startsWith("warm-up 3").contains("until the JIT compiler had settled");
    }

    @Test
    void aQuietCompilerEndsTheWarmUpAtItsMinimum() throws Exception {
        Jvm jvm = new Jvm(0);
        JitSettling s = jvm.settling(120);
        long end = s.await(jvm.start, jvm.start + 10 * SECOND);
        assertThat((end - jvm.start) / 1e9).isBetween(10.0, 10.3);
    }

    @Test
    void aCompilerThatNeverSettlesEndsTheWarmUpAtTheMaximum() throws Exception {
        Jvm jvm = new Jvm(1_000);
        JitSettling s = jvm.settling(60);
        long end = s.await(jvm.start, jvm.start + 10 * SECOND);
        assertThat((end - jvm.start) / 1e9).isBetween(60.0, 60.3);
        assertThat(s.describe()).contains("had not settled (50 % of the last 2 s compiling); measured anyway");
    }
}
