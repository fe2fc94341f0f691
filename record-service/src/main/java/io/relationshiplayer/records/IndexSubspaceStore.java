package io.relationshiplayer.records;

import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.subspace.Subspace;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.annotation.Nonnull;

/**
 * A record store that packs each index's subspace once. The Record Layer asks for it every time it maintains an index
 * for a record (a new {@code IndexMaintainerState} per record and index), and packs the store's subspace with the
 * index's key each time: some 7 % of an insert into a table with one secondary index. The subspace depends only on the
 * store's subspace and the index's subspace key, both fixed for a store; a store lives for one transaction.
 */
final class IndexSubspaceStore extends FDBRecordStore {
    private final Map<Object, Subspace> indexSubspaces = new ConcurrentHashMap<>();

    private IndexSubspaceStore(Builder b) {
        super(b.getContext(), b.getSubspaceProvider(), b.getFormatVersion(), b.getMetaDataProvider(), b.getSerializer(),
                b.getIndexMaintainerRegistry(), b.getIndexMaintenanceFilter(), b.getPipelineSizer(),
                b.getStoreStateCache(), b.getStateCacheabilityOnOpen(), b.getUserVersionChecker(),
                b.getPlanSerializationRegistry());
    }

    @Nonnull
    @Override
    public Subspace indexSubspace(@Nonnull Index index) {
        Object key = index.getSubspaceTupleKey();
        Subspace s = indexSubspaces.get(key);
        if (s == null) {
            s = super.indexSubspace(index);
            indexSubspaces.putIfAbsent(key, s);
        }
        return s;
    }

    /** A builder of such stores; its copies (the online indexer's) build plain ones. */
    static final class Builder extends FDBRecordStore.Builder {
        @Nonnull
        @Override
        public FDBRecordStore build() {
            if (getContext() == null || getSubspaceProvider() == null || getSerializer() == null
                    || getMetaDataProvider() == null) {
                return super.build(); // its own error
            }
            return new IndexSubspaceStore(this);
        }
    }
}
