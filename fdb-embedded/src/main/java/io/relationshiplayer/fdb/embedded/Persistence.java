package io.relationshiplayer.fdb.embedded;

import java.util.List;

/** Where committed effects are made durable before a commit is acknowledged. */
interface Persistence extends AutoCloseable {
    /** The memory engine: nothing on disk. */
    Persistence NONE = new Persistence() {
        @Override
        public long load(VersionedStore store) {
            return 0;
        }

        @Override
        public boolean keepsEffects() {
            return false;
        }

        @Override
        public void write(List<Effect> effects, long lastVersion) {
        }

        @Override
        public void close() {
        }
    };

    /** Loads the stored data into {@code store}; returns the last committed version. */
    long load(VersionedStore store);

    /** Whether {@link #write} needs the effects (the memory engine does not, and the committer skips collecting). */
    boolean keepsEffects();

    /**
     * Makes {@code effects} and {@code lastVersion} durable, all or nothing, before returning; throws
     * {@link StorageFailure} when the disk refuses them.
     */
    void write(List<Effect> effects, long lastVersion);

    /**
     * After a {@link StorageFailure}: returns once writes go through again, else throws StorageFailure (still failing)
     * or IllegalStateException (the disk no longer matches what was acknowledged; only a restart can go on).
     */
    default void recover() {
    }

    @Override
    void close();
}
