package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.Range;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.async.AsyncUtil;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/** The overloads of {@link Transaction}, each reduced to the general form {@link EmbeddedTransaction} implements. */
abstract class TransactionOverloads extends TransactionReads implements Transaction {

    @Override
    public boolean addReadConflictRangeIfNotSnapshot(byte[] keyBegin, byte[] keyEnd) {
        addReadConflictRange(keyBegin, keyEnd);
        return true;
    }

    @Override
    public boolean addReadConflictKeyIfNotSnapshot(byte[] key) {
        addReadConflictKey(key);
        return true;
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
    public void addReadConflictKey(byte[] key) {
        addReadConflictRange(key, Keys.keyAfter(key));
    }

    @Override
    public void addWriteConflictKey(byte[] key) {
        addWriteConflictRange(key, Keys.keyAfter(key));
    }

    @Override
    public void clear(Range range) {
        clear(range.begin, range.end);
    }

    @Override
    @Deprecated
    public void clearRangeStartsWith(byte[] prefix) {
        clear(Range.startsWith(prefix));
    }

    @Override
    public <T> T run(Function<? super Transaction, T> retryable) {
        return retryable.apply(this);
    }

    @Override
    public <T> CompletableFuture<T> runAsync(Function<? super Transaction, ? extends CompletableFuture<T>> retryable) {
        return AsyncUtil.applySafely(retryable, this);
    }
}
