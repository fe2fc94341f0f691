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
        /** The scan's bounds, resolved at the first batch and narrowed as batches come back. */
        private byte[] from;
        private byte[] to;
        /**
         * The selectors of the next batch as FoundationDB's iterator would send them (orEqual folded into the key), and
         * whether the first resolution ran off the beginning or end: FoundationDB's conflict range follows these.
         */
        private byte[] beginKey;
        private int beginOffset;
        private byte[] endKey;
        private int endOffset;
        private boolean toBeginning;
        private boolean throughEnd;
        private int remaining = limit;
        private int batchSize;
        /** Whether the batch {@link #fetch} read last was the scan's last. Written by fetch, read by its callback. */
        private boolean last;
        // What the consumer sees, under this iterator's monitor: fetch runs on another thread under the transaction's
        // lock, and what it learns reaches the consumer only with its batch, in the callback.
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
                synchronized (this) {
                    all.addAll(buffer.subList(index, buffer.size()));
                    index = buffer.size();
                }
                return collect(all);
            });
        }

        /**
         * Whether a key-value is ready or the scan ended; a call while a batch is in flight returns that batch's future
         * (the Record Layer asks again before the first answer came back).
         */
        @Override
        public synchronized CompletableFuture<Boolean> onHasNext() {
            if (index < buffer.size()) {
                return CompletableFuture.completedFuture(true);
            }
            if (pending != null) {
                return pending;
            }
            if (exhausted) {
                return CompletableFuture.completedFuture(false);
            }
            RuntimeException refusal = tr.refuseRange(begin, end);
            if (refusal != null) {
                return CompletableFuture.failedFuture(refusal);
            }
            byte[] f = from != null ? from : isPlainBound(begin) ? begin.getKey() : null;
            byte[] t = to != null ? to : isPlainBound(end) ? Keys.min(end.getKey(), tr.keySpaceEnd()) : null;
            CompletableFuture<Boolean> next = tr.rangeBatch(this::fetch, f, t, snapshot).thenApply(batch -> {
                synchronized (this) {
                    buffer = batch;
                    index = 0;
                    pending = null;
                    exhausted |= last;
                    return !batch.isEmpty();
                }
            });
            // A batch that completed at once has already cleared pending; only one still in flight is kept.
            if (!next.isDone()) {
                pending = next;
            }
            return next;
        }

        /** Runs under the transaction's lock at the read version: resolves bounds once, then reads one batch. */
        private List<KeyValue> fetch(long readVersion) {
            if (from == null && !start(readVersion)) {
                last = true;
                return List.of();
            }
            int n = Math.min(remaining, batchSize);
            List<KeyValue> batch = tr.merged(from, to, reverse, n, readVersion, snapshot);
            boolean more = batch.size() == n;
            rememberBatch(batch, more);
            if (!snapshot) {
                addConflict(batch, more);
            }
            if (!batch.isEmpty()) {
                byte[] last = batch.get(batch.size() - 1).getKey();
                if (reverse) {
                    to = last;
                    endKey = last;
                    endOffset = 1;
                    throughEnd = false;
                } else {
                    from = Keys.keyAfter(last);
                    beginKey = from;
                    beginOffset = 1;
                    toBeginning = false;
                }
            }
            remaining -= batch.size();
            last = !more || remaining == 0;
            batchSize = nextBatchSize(batchMode, batchSize);
            return batch;
        }

        /** What the batch brought to the client: all of [from, to), or up to its last key when it may go on. */
        private void rememberBatch(List<KeyValue> batch, boolean more) {
            if (!more) {
                tr.remember(from, to);
            } else if (reverse) {
                tr.remember(batch.get(batch.size() - 1).getKey(), to);
            } else {
                tr.remember(from, Keys.keyAfter(batch.get(batch.size() - 1).getKey()));
            }
        }

        /** Resolves the bounds; false for a range FoundationDB answers as empty without reading (and conflicting). */
        private boolean start(long readVersion) {
            beginKey = begin.orEqual() ? Keys.keyAfter(begin.getKey()) : begin.getKey();
            beginOffset = begin.getOffset();
            endKey = end.orEqual() ? Keys.keyAfter(end.getKey()) : end.getKey();
            endOffset = end.getOffset();
            if (beginOffset >= endOffset && Keys.compare(beginKey, endKey) >= 0) {
                return false;
            }
            // firstGreaterOrEqual bounds are the range itself: resolving them would read past it.
            ReadPath.Resolved b = isPlainBound(begin) ? new ReadPath.Resolved(begin.getKey(), false, false)
                    : tr.resolve(begin, readVersion, snapshot);
            ReadPath.Resolved e = isPlainBound(end)
                    ? new ReadPath.Resolved(Keys.min(end.getKey(), tr.keySpaceEnd()), false, false)
                    : tr.resolve(end, readVersion, snapshot);
            from = b.key();
            to = e.key();
            toBeginning = b.offBeginning();
            throughEnd = e.offEnd();
            if (Keys.compare(from, to) >= 0) {
                to = from;
            }
            return true;
        }

        /**
         * The read conflict range FoundationDB's read-your-writes layer records for one batch read with the current
         * selectors (ReadYourWrites.actor.cpp, addConflictRange of a range read): from the begin selector's key to the
         * end selector's key, cut after the last key returned when the batch was limited, widened to the keys
         * returned and to the ends of the key space when a selector ran off them.
         */
        private void addConflict(List<KeyValue> batch, boolean more) {
            byte[] lo;
            byte[] hi;
            boolean ordered = Keys.compare(beginKey, endKey) < 0;
            if (!reverse) {
                lo = ordered ? beginKey : endKey;
                hi = ordered ? (endOffset > 0 && more ? beginKey : endKey) : beginKey;
            } else {
                lo = ordered ? (beginOffset <= 1 && more ? endKey : beginKey) : endKey;
                hi = ordered ? endKey : beginKey;
            }
            if (toBeginning && beginOffset <= 0) {
                lo = Keys.EMPTY;
            }
            if (throughEnd && endOffset > 0) {
                hi = tr.keySpaceEnd();
            }
            if (!batch.isEmpty()) {
                byte[] first = batch.get(0).getKey();
                byte[] last = batch.get(batch.size() - 1).getKey();
                byte[] low = reverse ? last : first;
                byte[] high = reverse ? first : last;
                if (!reverse && beginOffset <= 0 || reverse) {
                    lo = Keys.min(lo, low);
                }
                if ((!reverse || endOffset > 0) && Keys.compare(hi, high) <= 0) {
                    hi = Keys.keyAfter(high);
                }
            }
            tr.addReadConflict(lo, hi);
        }

        @Override
        public boolean hasNext() {
            return onHasNext().join();
        }

        /** Waits for the next key-value without holding the iterator: the batch's hand-over takes it. */
        @Override
        public KeyValue next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            synchronized (this) {
                return buffer.get(index++);
            }
        }

        @Override
        public synchronized void cancel() {
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
