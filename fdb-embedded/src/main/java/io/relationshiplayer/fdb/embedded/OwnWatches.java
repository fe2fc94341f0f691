package io.relationshiplayer.fdb.embedded;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The watches of one transaction before it commits, as FoundationDB's read-your-writes layer keeps them: each waits for
 * the value its transaction reads, and fires at once when the transaction itself writes a different value (or an
 * atomic operation, whose result it cannot know) to its key. The rest are handed to the engine at commit. Callers hold
 * the transaction's lock; futures are completed on the executor, never under the lock.
 */
final class OwnWatches {
    /** One watch: its key and future, the value its transaction read, and what the transaction wrote since. */
    private static final class Own {
        final byte[] key;
        final CompletableFuture<Void> future;
        final CompletableFuture<Void> read = new CompletableFuture<>();
        boolean valueKnown;
        byte[] value;
        boolean setPresent;
        byte[] setValue;

        Own(byte[] key, CompletableFuture<Void> future) {
            this.key = key;
            this.future = future;
        }
    }

    private final Executor executor;
    private final List<Own> pending = new ArrayList<>();

    OwnWatches(Executor executor) {
        this.executor = executor;
    }

    boolean isEmpty() {
        return pending.isEmpty();
    }

    /** Starts a watch on {@code key}; {@link #seen} or {@link #readFailed} follows when its read completes. */
    Object add(byte[] key, CompletableFuture<Void> future) {
        Own w = new Own(key, future);
        pending.add(w);
        return w;
    }

    /** The watch's read answered {@code value}: a write of a different value meanwhile fires it. */
    void seen(Object watch, byte[] value) {
        Own w = (Own) watch;
        w.read.complete(null);
        if (!pending.contains(w)) {
            return;
        }
        w.valueKnown = true;
        w.value = value;
        if (w.setPresent && !Arrays.equals(w.setValue, value)) {
            fire(w);
        }
    }

    void readFailed(Object watch, Throwable error) {
        Own w = (Own) watch;
        w.read.complete(null);
        if (pending.remove(w)) {
            complete(w, error);
        }
    }

    /** The transaction wrote {@code value} (null: cleared) to {@code key}; unknown for an atomic operation. */
    void written(byte[] key, byte[] value, boolean valueKnown) {
        Iterator<Own> it = pending.iterator();
        while (it.hasNext()) {
            Own w = it.next();
            if (!Arrays.equals(w.key, key)) {
                continue;
            }
            if (!valueKnown || (w.setPresent && !Arrays.equals(w.setValue, value))
                    || (w.valueKnown && !Arrays.equals(w.value, value))) {
                it.remove();
                complete(w, null);
            } else {
                w.setPresent = true;
                w.setValue = value;
            }
        }
    }

    /** The transaction cleared [begin, end). */
    void cleared(byte[] begin, byte[] end) {
        for (Own w : new ArrayList<>(pending)) {
            if (Keys.compare(w.key, begin) >= 0 && Keys.compare(w.key, end) < 0) {
                written(w.key, null, true);
            }
        }
    }

    /** Completes when every watch's read has: a commit waits for them, as FoundationDB's waits for its reads. */
    CompletableFuture<Void> reads() {
        return CompletableFuture.allOf(pending.stream().map(w -> w.read).toArray(CompletableFuture[]::new));
    }

    /** The watches still waiting, for the engine to register once the commit succeeds; this set is emptied. */
    List<Watches.Watch> forCommit() {
        List<Watches.Watch> out = new ArrayList<>(pending.size());
        for (Own w : pending) {
            out.add(new Watches.Watch(w.key, w.value, w.future));
        }
        pending.clear();
        return out;
    }

    /** Fails every watch still waiting with {@code error} (the commit's error, a cancel, a timeout, a reset). */
    void failAll(RuntimeException error) {
        for (Own w : pending) {
            complete(w, error);
        }
        pending.clear();
    }

    private void fire(Own w) {
        pending.remove(w);
        complete(w, null);
    }

    private void complete(Own w, Throwable error) {
        executor.execute(() -> {
            if (error == null) {
                w.future.complete(null);
            } else {
                w.future.completeExceptionally(error);
            }
        });
    }
}
