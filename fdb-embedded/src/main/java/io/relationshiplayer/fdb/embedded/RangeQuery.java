package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.StreamingMode;
import com.apple.foundationdb.async.AsyncIterable;
import com.apple.foundationdb.async.AsyncIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;

/**
 * A range read: selectors resolved at the transaction's read version, then key-values fetched in batches whose size
 * follows the streaming mode, each batch one (latency-injected) round trip, with read-your-writes merged in.
 */
final class RangeQuery implements AsyncIterable<KeyValue> {
    private final ReadPath tr;
    private final boolean snapshot;
    private final KeySelector begin;
    private final KeySelector end;
    private final int limit;
    private final boolean reverse;
    private final StreamingMode mode;

    RangeQuery(ReadPath tr, boolean snapshot, KeySelector begin, KeySelector end, int limit,
               boolean reverse, StreamingMode mode) {
        if (limit < 0) {
            throw FdbError.CLIENT_INVALID_OPERATION.exception("range limit " + limit + " is negative");
        }
        this.tr = tr;
        this.snapshot = snapshot;
        this.begin = begin;
        this.end = end;
        this.limit = limit == ReadTransaction.ROW_LIMIT_UNLIMITED ? Integer.MAX_VALUE : limit;
        this.reverse = reverse;
        this.mode = mode;
    }

    @Override
    public CompletableFuture<List<KeyValue>> asList() {
        Batches it = new Batches(StreamingMode.WANT_ALL);
        List<KeyValue> all = new ArrayList<>();
        return it.collect(all);
    }

    @Override
    public AsyncIterator<KeyValue> iterator() {
        return new Batches(mode);
    }

    /** The iterator: fetches one batch per round trip. */
    private final class Batches implements AsyncIterator<KeyValue> {
        private final StreamingMode batchMode;
        private byte[] from;
        private byte[] to;
        private int remaining = limit;
        private int batchSize;
        private List<KeyValue> buffer = List.of();
        private int index;
        private boolean exhausted;
        private CompletableFuture<Boolean> pending;

        Batches(StreamingMode batchMode) {
            this.batchMode = batchMode;
            this.batchSize = firstBatchSize(batchMode);
        }

        CompletableFuture<List<KeyValue>> collect(List<KeyValue> all) {
            return onHasNext().thenCompose(has -> {
                if (!has) {
                    return CompletableFuture.completedFuture(all);
                }
                all.addAll(buffer.subList(index, buffer.size()));
                index = buffer.size();
                return collect(all);
            });
        }

        @Override
        public synchronized CompletableFuture<Boolean> onHasNext() {
            if (index < buffer.size()) {
                return CompletableFuture.completedFuture(true);
            }
            if (exhausted) {
                return CompletableFuture.completedFuture(false);
            }
            if (pending == null) {
                CompletableFuture<Boolean> next = tr.rangeBatch(this::fetch).thenApply(batch -> {
                    synchronized (this) {
                        buffer = batch;
                        index = 0;
                        pending = null;
                        return !batch.isEmpty();
                    }
                });
                // A batch that completed at once has already cleared pending; only one still in flight is kept.
                if (next.isDone()) {
                    return next;
                }
                pending = next;
            }
            return pending;
        }

        /** Runs under the transaction's lock at the read version: resolves bounds once, then reads one batch. */
        private List<KeyValue> fetch(long readVersion) {
            if (from == null) {
                // firstGreaterOrEqual bounds are the range itself: resolving them would read (and conflict) past it.
                from = isPlainBound(begin) ? begin.getKey() : tr.resolve(begin, readVersion, snapshot);
                to = isPlainBound(end) ? tr.clampEnd(end.getKey()) : tr.resolve(end, readVersion, snapshot);
                if (Keys.compare(from, to) >= 0) {
                    exhausted = true;
                    return List.of();
                }
            }
            int n = Math.min(remaining, batchSize);
            List<KeyValue> batch = tr.merged(from, to, reverse, n, readVersion);
            boolean rangeEnd = batch.size() < n;
            byte[] conflictFrom = from;
            byte[] conflictTo = to;
            if (!batch.isEmpty()) {
                byte[] last = batch.get(batch.size() - 1).getKey();
                if (reverse) {
                    to = last;
                    if (!rangeEnd) {
                        conflictFrom = last;
                    }
                } else {
                    from = Keys.keyAfter(last);
                    if (!rangeEnd) {
                        conflictTo = from;
                    }
                }
            }
            if (!snapshot) {
                tr.addReadConflict(conflictFrom, conflictTo);
            }
            remaining -= batch.size();
            exhausted = rangeEnd || remaining == 0;
            batchSize = nextBatchSize(batchMode, batchSize);
            return batch;
        }

        @Override
        public boolean hasNext() {
            return onHasNext().join();
        }

        @Override
        public synchronized KeyValue next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return buffer.get(index++);
        }

        @Override
        public void cancel() {
            exhausted = true;
        }
    }

    private static boolean isPlainBound(KeySelector s) {
        return !s.orEqual() && s.getOffset() == 1;
    }

    private static int firstBatchSize(StreamingMode mode) {
        switch (mode) {
            case SMALL:
                return 100;
            case MEDIUM:
                return 1_000;
            case LARGE:
                return 10_000;
            case SERIAL:
                return 50_000;
            case ITERATOR:
                return 100;
            case WANT_ALL:
            case EXACT:
            default:
                return 10_000;
        }
    }

    private static int nextBatchSize(StreamingMode mode, int current) {
        return mode == StreamingMode.ITERATOR ? Math.min(current * 2, 10_000) : current;
    }
}
