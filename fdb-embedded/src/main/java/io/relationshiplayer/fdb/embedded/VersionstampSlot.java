package io.relationshiplayer.fdb.embedded;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * A transaction's versionstamp: settled once (by its commit, a read-only commit, a failed commit, a cancel or a
 * timeout; the first outcome wins, as completing a future does), and made into a future only when someone asks for it.
 * Most transactions never ask, and then neither the future nor the error it would fail with is built: an exception
 * fills in its stack trace, which cost two of them per transaction (read-only commits failed the versionstamp with
 * no_commit_version, closing after a commit failed it with transaction_cancelled).
 */
final class VersionstampSlot {
    private CompletableFuture<byte[]> future;
    private boolean settled;
    private byte[] stamp;
    private Supplier<? extends RuntimeException> failure;

    /** The versionstamp's future, the same one every time; completed already when the outcome is known. */
    synchronized CompletableFuture<byte[]> future() {
        if (future == null) {
            future = new CompletableFuture<>();
            if (settled) {
                publish();
            }
        }
        return future;
    }

    /** The commit's versionstamp; ignored once settled. */
    synchronized void complete(byte[] versionstamp) {
        if (!settled) {
            settled = true;
            stamp = versionstamp;
            if (future != null) {
                publish();
            }
        }
    }

    /** Fails with the error {@code error} makes, built only if the future exists or is asked for; ignored once settled. */
    synchronized void fail(Supplier<? extends RuntimeException> error) {
        if (!settled) {
            settled = true;
            failure = error;
            if (future != null) {
                publish();
            }
        }
    }

    private void publish() {
        if (failure == null) {
            future.complete(stamp);
        } else {
            future.completeExceptionally(failure.get());
        }
    }
}
