package io.relationshiplayer.fdb.embedded;

import io.relationshiplayer.fdb.TimeSource;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Versions as FoundationDB hands them out: about a million a second, advancing with time and with commits. One atomic
 * word holds the newest version that readers may use and whether a commit batch is being applied, so that handing out
 * a read version never waits for a commit: while a batch is in flight, readers get the version just below it. Time
 * is the engine's {@link TimeSource}: the system clock, or a test's that it advances.
 */
final class VersionClock {
    private final long originMicros;
    private final long originNanos;
    private final TimeSource time;
    /** (version << 1) | inFlight. When in flight, version is the first version of the batch being applied. */
    private final AtomicLong state;

    VersionClock(long lastVersion, TimeSource time) {
        this.time = time;
        this.originMicros = time.currentTimeMillis() * 1000L;
        this.originNanos = time.nanoTime();
        this.state = new AtomicLong(Math.max(lastVersion, 0) << 1);
    }

    /** The version that corresponds to the current time. */
    long now() {
        return originMicros + (time.nanoTime() - originNanos) / 1000L;
    }

    /** A read version: every commit at or below it is visible, and every later commit will get a greater version. */
    long readVersion() {
        while (true) {
            long s = state.get();
            long v = s >>> 1;
            if ((s & 1) != 0) {
                return v - 1;
            }
            long t = Math.max(v, now());
            if (t == v || state.compareAndSet(s, t << 1)) {
                return t;
            }
        }
    }

    /** The newest version a reader may use without waiting (for future_version checks). */
    long latest() {
        long s = state.get();
        return (s & 1) != 0 ? (s >>> 1) - 1 : Math.max(s >>> 1, now());
    }

    /** Starts a batch of {@code count} commits; returns the first of its versions. Only the committer calls this. */
    long beginBatch(int count) {
        while (true) {
            long s = state.get();
            long first = Math.max((s >>> 1) + 1, now());
            if (state.compareAndSet(s, (first << 1) | 1)) {
                return first;
            }
        }
    }

    /** Publishes a batch whose last version is {@code last}. */
    void endBatch(long last) {
        state.set(last << 1);
    }
}
