package io.relationshiplayer.fdb.embedded;

import io.relationshiplayer.fdb.TimeSource;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import javax.annotation.Nonnull;

/**
 * How an {@link EmbeddedDatabase} is opened: the storage engine ({@code memory}, or durable on RocksDB under a
 * directory), the injected latency, the executor that futures complete on, the read-version window (FoundationDB's
 * five seconds unless a test shortens it) and the clock that versions follow (the system's unless a test gives one).
 */
public final class EngineConfig {
    /** FoundationDB's MVCC window: a read version older than this fails with transaction_too_old. */
    public static final Duration FDB_READ_WINDOW = Duration.ofSeconds(5);

    private final Path directory;
    private final LatencyProfile latency;
    private final Executor executor;
    private final CommitObserver commits;
    private final Duration readWindow;
    private final TimeSource clock;

    private EngineConfig(Path directory, LatencyProfile latency, Executor executor, CommitObserver commits,
                         Duration readWindow, TimeSource clock) {
        this.directory = directory;
        this.latency = Objects.requireNonNull(latency, "latency is null");
        this.executor = Objects.requireNonNull(executor, "executor is null");
        this.commits = Objects.requireNonNull(commits, "commits is null");
        this.readWindow = Objects.requireNonNull(readWindow, "readWindow is null");
        this.clock = Objects.requireNonNull(clock, "clock is null");
        if (readWindow.isNegative() || readWindow.isZero()) {
            throw new IllegalArgumentException("the read window must be positive: " + readWindow);
        }
    }

    /** The memory engine: nothing on disk, everything gone on close. */
    @Nonnull
    public static EngineConfig memory() {
        return new EngineConfig(null, LatencyProfile.NONE, ForkJoinPool.commonPool(), CommitObserver.NONE,
                FDB_READ_WINDOW, TimeSource.SYSTEM);
    }

    /** The durable engine: RocksDB under {@code directory}; an acknowledged commit survives a kill of the process. */
    @Nonnull
    public static EngineConfig durable(@Nonnull Path directory) {
        return new EngineConfig(Objects.requireNonNull(directory, "directory is null"), LatencyProfile.NONE,
                ForkJoinPool.commonPool(), CommitObserver.NONE, FDB_READ_WINDOW, TimeSource.SYSTEM);
    }

    @Nonnull
    public EngineConfig withLatency(@Nonnull LatencyProfile latency) {
        return new EngineConfig(directory, latency, executor, commits, readWindow, clock);
    }

    @Nonnull
    public EngineConfig withExecutor(@Nonnull Executor executor) {
        return new EngineConfig(directory, latency, executor, commits, readWindow, clock);
    }

    /** Who is told of each commit's latency and outcome (metrics). */
    @Nonnull
    public EngineConfig withCommitObserver(@Nonnull CommitObserver commits) {
        return new EngineConfig(directory, latency, executor, commits, readWindow, clock);
    }

    /**
     * A read-version window other than FoundationDB's five seconds. For tests only: a statement that must outlive its
     * transaction then does so in a fraction of a second rather than in more than five; code that works with a shorter
     * window works with FoundationDB's.
     */
    @Nonnull
    public EngineConfig withReadWindow(@Nonnull Duration readWindow) {
        return new EngineConfig(directory, latency, executor, commits, readWindow, clock);
    }

    /**
     * A clock other than the system's for the engine's versions, and so for its read window (the layers above read
     * the same one: {@link TimeSource#of}). For tests: one that a test advances ({@link
     * io.relationshiplayer.fdb.ManualTimeSource}) takes a transaction past the window without waiting for it.
     */
    @Nonnull
    public EngineConfig withClock(@Nonnull TimeSource clock) {
        return new EngineConfig(directory, latency, executor, commits, readWindow, clock);
    }

    /** The clock the engine's versions follow. */
    @Nonnull
    public TimeSource clock() {
        return clock;
    }

    /** How long a read version stays readable: past it, reads and commits fail with transaction_too_old (1007). */
    @Nonnull
    public Duration readWindow() {
        return readWindow;
    }

    @Nonnull
    public CommitObserver commitObserver() {
        return commits;
    }

    /** The data directory of the durable engine; empty for the memory engine. */
    @Nonnull
    public Optional<Path> directory() {
        return Optional.ofNullable(directory);
    }

    public boolean isDurable() {
        return directory != null;
    }

    @Nonnull
    public LatencyProfile latency() {
        return latency;
    }

    @Nonnull
    public Executor executor() {
        return executor;
    }

    @Override
    public String toString() {
        return isDurable() ? "embedded:" + directory : "embedded:memory";
    }
}
