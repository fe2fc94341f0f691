package io.relationshiplayer.fdb.embedded;

/**
 * The durable engine's disk refused a write (RocksDB's IOError, NoSpace when the disk is full). {@link #maybeWritten}
 * says whether the refused write may still reach the disk: false when RocksDB failed while appending to its write-ahead
 * log for lack of space (the record on disk is cut short, and recovery drops a torn last record), true otherwise (a
 * failed sync may leave a whole record that a restart would replay).
 */
final class StorageFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final boolean maybeWritten;
    private final boolean diskFull;

    StorageFailure(String message, boolean maybeWritten, Throwable cause) {
        this(message, maybeWritten, false, cause);
    }

    StorageFailure(String message, boolean maybeWritten, boolean diskFull, Throwable cause) {
        super(message, cause);
        this.maybeWritten = maybeWritten;
        this.diskFull = diskFull;
    }

    /** Whether the disk refused the write for lack of space (RocksDB's NoSpace). */
    boolean diskFull() {
        return diskFull;
    }

    boolean maybeWritten() {
        return maybeWritten;
    }
}
