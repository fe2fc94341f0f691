package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.KeyArrayResult;
import com.apple.foundationdb.KeyRangeArrayResult;
import com.apple.foundationdb.MappedKeyValue;
import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.StreamingMode;
import com.apple.foundationdb.async.AsyncIterable;
import java.util.concurrent.CompletableFuture;

/**
 * The overloads of {@link ReadTransaction}, each reduced to the one general form its subclass implements, and the
 * features the embedded backend does not offer (mapped ranges, blob granules).
 */
abstract class TransactionReads implements ReadTransaction {

    @Override
    public AsyncIterable<MappedKeyValue> getMappedRange(KeySelector begin, KeySelector end, byte[] mapper, int limit,
                                                       boolean reverse, StreamingMode mode) {
        throw FdbError.UNSUPPORTED_OPERATION.exception("getMappedRange is not supported by the embedded backend");
    }

    @Override
    public CompletableFuture<KeyRangeArrayResult> getBlobGranuleRanges(byte[] begin, byte[] end, int rowLimit) {
        return CompletableFuture.completedFuture(new KeyRangeArrayResult(new Range[0]));
    }

    @Override
    public AsyncIterable<KeyValue> getRange(KeySelector begin, KeySelector end) {
        return getRange(begin, end, ROW_LIMIT_UNLIMITED);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(KeySelector begin, KeySelector end, int limit) {
        return getRange(begin, end, limit, false);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(KeySelector begin, KeySelector end, int limit, boolean reverse) {
        return getRange(begin, end, limit, reverse, StreamingMode.ITERATOR);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(byte[] begin, byte[] end) {
        return getRange(begin, end, ROW_LIMIT_UNLIMITED);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(byte[] begin, byte[] end, int limit) {
        return getRange(begin, end, limit, false);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(byte[] begin, byte[] end, int limit, boolean reverse) {
        return getRange(begin, end, limit, reverse, StreamingMode.ITERATOR);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(byte[] begin, byte[] end, int limit, boolean reverse,
                                           StreamingMode mode) {
        return getRange(KeySelector.firstGreaterOrEqual(begin), KeySelector.firstGreaterOrEqual(end), limit, reverse,
                mode);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(Range range) {
        return getRange(range.begin, range.end);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(Range range, int limit) {
        return getRange(range.begin, range.end, limit);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(Range range, int limit, boolean reverse) {
        return getRange(range.begin, range.end, limit, reverse);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(Range range, int limit, boolean reverse, StreamingMode mode) {
        return getRange(range.begin, range.end, limit, reverse, mode);
    }

    @Override
    public CompletableFuture<Long> getEstimatedRangeSizeBytes(Range range) {
        return getEstimatedRangeSizeBytes(range.begin, range.end);
    }

    @Override
    public CompletableFuture<KeyArrayResult> getRangeSplitPoints(Range range, long chunkSize) {
        return getRangeSplitPoints(range.begin, range.end, chunkSize);
    }
}
