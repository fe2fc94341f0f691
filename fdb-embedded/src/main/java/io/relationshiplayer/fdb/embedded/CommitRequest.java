package io.relationshiplayer.fdb.embedded;

import java.util.List;

/** What a transaction hands the committer, and what it gets back. */
final class CommitRequest {
    final long readVersion;
    final byte[][] readConflicts;
    final byte[][] writeConflicts;
    final List<Mutation> mutations;
    final List<Watches.Watch> watches;

    /** Set by the committer under its lock; read by the requester once {@link #done} is true. */
    volatile boolean done;
    long commitVersion = -1;
    byte[] versionstamp;
    RuntimeException error;

    CommitRequest(long readVersion, byte[][] readConflicts, byte[][] writeConflicts, List<Mutation> mutations,
                  List<Watches.Watch> watches) {
        this.readVersion = readVersion;
        this.readConflicts = readConflicts;
        this.writeConflicts = writeConflicts;
        this.mutations = mutations;
        this.watches = watches;
    }

    boolean isReadOnly() {
        return mutations.isEmpty() && writeConflicts.length == 0;
    }

    void fail(RuntimeException e) {
        error = e;
        done = true;
    }

    void succeed(long version, byte[] stamp) {
        commitVersion = version;
        versionstamp = stamp;
        done = true;
    }
}
