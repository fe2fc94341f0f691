package io.relationshiplayer.records;

import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.provider.foundationdb.FDBDatabase;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.OnlineIndexer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Online builds of indexes that a schema change added to populated stores: in the background, one per index. */
final class IndexBuilds {
    private final FDBDatabase db;
    private final StoreOpener opener;
    private final Map<String, CompletableFuture<Void>> running = new ConcurrentHashMap<>();
    private final ExecutorService workers = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "rl-index-build");
        t.setDaemon(true);
        return t;
    });

    IndexBuilds(FDBDatabase db, StoreOpener opener) {
        this.db = db;
        this.opener = opener;
    }

    /** Starts a build for every index of {@code md} that is not readable yet; returns those indexes. */
    List<Index> startPending(String database, RecordMetaData md) {
        List<Index> pending = db.run(ctx -> {
            FDBRecordStore store = opener.builder(database, md).setContext(ctx).open();
            List<Index> out = new ArrayList<>();
            for (Index i : md.getAllIndexes()) {
                if (!store.isIndexReadable(i)) {
                    out.add(i);
                }
            }
            return out;
        });
        for (Index index : pending) {
            running.computeIfAbsent(database + "/" + index.getName(), k -> CompletableFuture.runAsync(() -> {
                try (OnlineIndexer indexer = OnlineIndexer.newBuilder().setDatabase(db)
                        .setRecordStoreBuilder(opener.builder(database, md)).setIndex(index).build()) {
                    indexer.buildIndex(true);
                } finally {
                    running.remove(k);
                }
            }, workers));
        }
        return pending;
    }

    /** Waits for the builds of {@code indexes}; a failed build fails with its reason. */
    void await(String database, List<Index> indexes) {
        for (Index i : indexes) {
            CompletableFuture<Void> f = running.get(database + "/" + i.getName());
            if (f != null) {
                try {
                    f.join();
                } catch (RuntimeException e) {
                    throw Failures.classify(e);
                }
            }
        }
    }
}
