package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.KeyArrayResult;
import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.StreamingMode;
import com.apple.foundationdb.TransactionOptions;
import com.apple.foundationdb.async.AsyncIterable;
import com.apple.foundationdb.async.AsyncUtil;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

/** A transaction's snapshot reads: same read version and own writes, but no read conflicts. */
final class SnapshotView extends TransactionReads {
    private final EmbeddedTransaction tr;

    SnapshotView(EmbeddedTransaction tr) {
        this.tr = tr;
    }

    @Override
    public boolean isSnapshot() {
        return true;
    }

    @Override
    public ReadTransaction snapshot() {
        return this;
    }

    @Override
    public CompletableFuture<Long> getReadVersion() {
        return tr.getReadVersion();
    }

    @Override
    public void setReadVersion(long version) {
        tr.setReadVersion(version);
    }

    @Override
    public boolean addReadConflictRangeIfNotSnapshot(byte[] keyBegin, byte[] keyEnd) {
        return false;
    }

    @Override
    public boolean addReadConflictKeyIfNotSnapshot(byte[] key) {
        return false;
    }

    @Override
    public CompletableFuture<byte[]> get(byte[] key) {
        return tr.reads().get(key, true);
    }

    @Override
    public CompletableFuture<byte[]> getKey(KeySelector selector) {
        return tr.reads().getKey(selector, true);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(KeySelector begin, KeySelector end, int limit, boolean reverse,
                                           StreamingMode mode) {
        return new RangeQuery(tr.reads(), true, begin, end, limit, reverse, mode);
    }

    @Override
    public CompletableFuture<Long> getEstimatedRangeSizeBytes(byte[] begin, byte[] end) {
        return tr.getEstimatedRangeSizeBytes(begin, end);
    }

    @Override
    public CompletableFuture<KeyArrayResult> getRangeSplitPoints(byte[] begin, byte[] end, long chunkSize) {
        return tr.getRangeSplitPoints(begin, end, chunkSize);
    }

    @Override
    public TransactionOptions options() {
        return tr.options();
    }

    @Override
    public <T> T read(Function<? super ReadTransaction, T> retryable) {
        return retryable.apply(this);
    }

    @Override
    public <T> CompletableFuture<T> readAsync(Function<? super ReadTransaction, ? extends CompletableFuture<T>> retryable) {
        return AsyncUtil.applySafely(retryable, this);
    }

    @Override
    public Executor getExecutor() {
        return tr.getExecutor();
    }
}
