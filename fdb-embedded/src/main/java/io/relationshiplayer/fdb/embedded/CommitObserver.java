package io.relationshiplayer.fdb.embedded;

/** Told of every read-write commit the engine answers: how long it took and FoundationDB's error code (0: ok). */
@FunctionalInterface
public interface CommitObserver {
    CommitObserver NONE = (nanos, errorCode) -> { };

    void committed(long nanos, int errorCode);
}
