package io.relationshiplayer.fdb;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import javax.annotation.Nonnull;

/**
 * A clock for tests that stands still unless told: it starts at the system's time and moves only when a test
 * {@link #advance advances} it, or by a fixed step at each reading while {@link #advanceOnEachReading} is set (so that
 * time passes as a statement works: the engine reads the clock at each read it answers). Given to the embedded engine
 * ({@code EngineConfig.withClock}), it lets a test take a transaction past FoundationDB's five-second window at once
 * and exactly, instead of sleeping through it, whatever the load of the machine.
 */
public final class ManualTimeSource implements TimeSource {
    private final long originMillis = System.currentTimeMillis();
    private final long originNanos = System.nanoTime();
    /** Nanoseconds since the origin. */
    private final AtomicLong elapsed = new AtomicLong();
    private volatile long step;

    @Override
    public long nanoTime() {
        long s = step;
        return originNanos + (s == 0 ? elapsed.get() : elapsed.addAndGet(s));
    }

    @Override
    public long currentTimeMillis() {
        return originMillis + elapsed.get() / 1_000_000L;
    }

    /** Moves the clock forward by {@code by}. */
    public void advance(@Nonnull Duration by) {
        if (by.isNegative()) {
            throw new IllegalArgumentException("a clock does not go back: " + by);
        }
        elapsed.addAndGet(by.toNanos());
    }

    /** From now on each {@link #nanoTime()} reading first moves the clock by {@code step}; zero stops it. */
    public void advanceOnEachReading(@Nonnull Duration step) {
        if (step.isNegative()) {
            throw new IllegalArgumentException("a clock does not go back: " + step);
        }
        this.step = step.toNanos();
    }

    /** The time the clock has moved since it was made. */
    @Nonnull
    public Duration elapsed() {
        return Duration.ofNanos(elapsed.get());
    }

    @Override
    public String toString() {
        return "manual clock at +" + elapsed();
    }
}
