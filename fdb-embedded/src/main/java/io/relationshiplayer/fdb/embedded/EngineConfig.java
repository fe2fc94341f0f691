package io.relationshiplayer.fdb.embedded;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import javax.annotation.Nonnull;

/**
 * How an {@link EmbeddedDatabase} is opened: the storage engine ({@code memory}, or durable on RocksDB under a
 * directory), the injected latency and the executor that futures complete on.
 */
public final class EngineConfig {
    private final Path directory;
    private final LatencyProfile latency;
    private final Executor executor;
    private final CommitObserver commits;

    private EngineConfig(Path directory, LatencyProfile latency, Executor executor, CommitObserver commits) {
        this.directory = directory;
        this.latency = Objects.requireNonNull(latency, "latency is null");
        this.executor = Objects.requireNonNull(executor, "executor is null");
        this.commits = Objects.requireNonNull(commits, "commits is null");
    }

    /** The memory engine: nothing on disk, everything gone on close. */
    @Nonnull
    public static EngineConfig memory() {
        return new EngineConfig(null, LatencyProfile.NONE, ForkJoinPool.commonPool(), CommitObserver.NONE);
    }

    /** The durable engine: RocksDB under {@code directory}; an acknowledged commit survives a kill of the process. */
    @Nonnull
    public static EngineConfig durable(@Nonnull Path directory) {
        return new EngineConfig(Objects.requireNonNull(directory, "directory is null"), LatencyProfile.NONE,
                ForkJoinPool.commonPool(), CommitObserver.NONE);
    }

    @Nonnull
    public EngineConfig withLatency(@Nonnull LatencyProfile latency) {
        return new EngineConfig(directory, latency, executor, commits);
    }

    @Nonnull
    public EngineConfig withExecutor(@Nonnull Executor executor) {
        return new EngineConfig(directory, latency, executor, commits);
    }

    /** Who is told of each commit's latency and outcome (metrics). */
    @Nonnull
    public EngineConfig withCommitObserver(@Nonnull CommitObserver commits) {
        return new EngineConfig(directory, latency, executor, commits);
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
