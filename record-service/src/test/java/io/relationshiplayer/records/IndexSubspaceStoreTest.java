package io.relationshiplayer.records;

import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.grpc.SqlTableWritesTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The stores the service opens pack each index's subspace once, and to what the Record Layer's own store packs. */
class IndexSubspaceStoreTest {
    private Backend backend;
    private RecordStores stores;

    @BeforeEach
    void database() {
        backend = Backend.open("embedded:memory");
        stores = new RecordStores(backend.recordDatabase());
        stores.createDatabase("d", false);
        stores.registerSchema("d", SqlTableWritesTest.tablesSchema("mine"), true);
    }

    @AfterEach
    void close() {
        backend.close();
    }

    @Test
    void everyIndexHasTheSubspaceAPlainStoreGivesIt() {
        stores.database().run(ctx -> {
            FDBRecordStore store = stores.openStore(ctx, "d");
            assertThat(store).isInstanceOf(IndexSubspaceStore.class);
            FDBRecordStore plain = store.asBuilder().build();
            assertThat(plain).isNotInstanceOf(IndexSubspaceStore.class);
            RecordMetaData md = store.getRecordMetaData();
            assertThat(md.getAllIndexes()).isNotEmpty();
            for (Index index : md.getAllIndexes()) {
                assertThat(store.indexSubspace(index)).as(index.getName()).isEqualTo(plain.indexSubspace(index))
                        .isSameAs(store.indexSubspace(index));
                assertThat(store.getIndexMaintainer(index).getIndexSubspace()).isEqualTo(plain.indexSubspace(index));
            }
            return null;
        });
    }
}
