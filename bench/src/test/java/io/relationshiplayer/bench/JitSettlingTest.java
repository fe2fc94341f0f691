package io.relationshiplayer.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class JitSettlingTest {
    private static final long SECOND = 1_000_000_000L;

    /** A clock that moves only when the warm-up sleeps, and a compiler busy half of each second until it is not. */
    private static final class Jvm {
        final AtomicLong now = new AtomicLong(1_000 * SECOND);
        final long born = now.get();
        final long busyUntil;

        Jvm(double busySeconds) {
            busyUntil = born + (long) (busySeconds * SECOND);
        }

        /** Milliseconds compiled so far: half of the time until busyUntil. */
        long compiled() {
            return (Math.min(now.get(), busyUntil) - born) / 2 / 1_000_000L;
        }

        JitSettling warmUp(double min, double max) {
            return new JitSettling(this::compiled, now::get, this::sleep, min, max);
        }

        void sleep(long millis) {
            now.addAndGet(millis * 1_000_000L);
        }
    }

    @Test
    void theWarmUpEndsAtTheFirstQuietWindowAfterItsMinimum() throws Exception {
        Jvm jvm = new Jvm(30);
        JitSettling w = jvm.warmUp(10, 120);
        long end = w.await();
        // busy until 30 s; the 2 s window is quiet enough (under 10 %) some 1.8 s later
        assertThat((end - w.startNanos()) / 1e9).isBetween(31.0, 32.5);
        assertThat(w.describe()).startsWith("warm-up 3").contains("until this JVM's JIT compiler had settled");
    }

    @Test
    void aQuietCompilerEndsTheWarmUpAtItsMinimum() throws Exception {
        Jvm jvm = new Jvm(0);
        JitSettling w = jvm.warmUp(10, 120);
        assertThat((w.await() - w.startNanos()) / 1e9).isBetween(10.0, 10.3);
        assertThat(w.done()).as("stays done").isTrue();
    }

    @Test
    void aCompilerThatNeverSettlesEndsTheWarmUpAtTheMaximum() throws Exception {
        Jvm jvm = new Jvm(1_000);
        JitSettling w = jvm.warmUp(10, 60);
        assertThat((w.await() - w.startNanos()) / 1e9).isBetween(60.0, 60.3);
        assertThat(w.describe()).contains("had not settled (50 % of the last 2 s compiling); measured anyway");
    }

    @Test
    void aLoopThatCallsDoneBetweenCallsSamplesTheCompilerAsItGoes() {
        Jvm jvm = new Jvm(5);
        JitSettling w = jvm.warmUp(1, 60);
        int calls = 0;
        while (!w.done()) {
            jvm.sleep(1); // a call of 1 ms
            calls++;
        }
        // busy until 5 s, quiet enough some 1.8 s later
        assertThat(calls).isBetween(6_500, 7_500);
    }

    @Test
    void aCallerThatLooksRarelyStillGetsAWindow() {
        Jvm jvm = new Jvm(5);
        JitSettling w = jvm.warmUp(1, 60);
        int looks = 0;
        while (!w.done()) {
            jvm.sleep(3_000); // one look every 3 s, longer than the window
            looks++;
        }
        // busy until 5 s: the look at 6 s sees a third of the last 3 s compiling, the one at 9 s none
        assertThat(looks).isEqualTo(3);
    }

    @Test
    void aMaximumBelowTheMinimumIsTheMinimum() throws Exception {
        Jvm jvm = new Jvm(1_000);
        JitSettling w = jvm.warmUp(3, 0);
        assertThat((w.await() - w.startNanos()) / 1e9).isBetween(3.0, 3.3);
        assertThat(w.describe()).startsWith("warm-up 3.");
    }
}
