package io.relationshiplayer.fdb;

import com.apple.foundationdb.record.provider.foundationdb.FDBDatabase;
import io.relationshiplayer.fdb.embedded.EmbeddedDatabase;
import javax.annotation.Nonnull;

/**
 * The time that FoundationDB's five-second transaction window is measured in: the embedded engine's version clock
 * (a million versions a second) and the layers' checks against that window (when a long read moves to a new
 * transaction, whether a batch ran past the window) all read it, so that they agree. In production it is the system
 * clock ({@link #SYSTEM}); a test gives the engine a {@link ManualTimeSource} ({@code EngineConfig.withClock}) and
 * advances it instead of sleeping through the window. Statement timeouts, deadlines and injected latency are real time
 * and do not read it.
 */
public interface TimeSource {
    /** The system clock: {@link System#nanoTime()} and {@link System#currentTimeMillis()}. */
    TimeSource SYSTEM = new TimeSource() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public long currentTimeMillis() {
            return System.currentTimeMillis();
        }

        @Override
        public String toString() {
            return "system clock";
        }
    };

    /** A monotonic reading in nanoseconds, as {@link System#nanoTime()}: only differences between readings count. */
    long nanoTime();

    /** The wall-clock time in milliseconds since the epoch, as {@link System#currentTimeMillis()}. */
    long currentTimeMillis();

    /**
     * The clock of the database under {@code db}: the embedded engine's ({@code EngineConfig.clock()}), or the system
     * clock for a real cluster (whose versions follow its own clocks).
     */
    @Nonnull
    static TimeSource of(@Nonnull FDBDatabase db) {
        return db.database() instanceof EmbeddedDatabase e ? e.config().clock() : SYSTEM;
    }
}
