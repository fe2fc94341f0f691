package io.relationshiplayer.fdb.recordlayer;

import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.asTicket;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.store;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.ticket;
import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.ScanProperties;
import com.apple.foundationdb.record.provider.foundationdb.FDBStoredRecord;
import com.apple.foundationdb.record.provider.foundationdb.keyspace.DirectoryLayerDirectory;
import com.apple.foundationdb.record.provider.foundationdb.keyspace.KeySpace;
import com.apple.foundationdb.record.provider.foundationdb.keyspace.KeySpaceDirectory;
import com.apple.foundationdb.record.provider.foundationdb.keyspace.KeySpacePath;
import com.apple.foundationdb.tuple.Tuple;

/**
 * Stores under a key space whose first directory is interned by FoundationDB's directory layer (as a tenant would
 * be): names resolve to small integers allocated in the database, stably across restarts.
 */
class DirectoryLayerPathTest extends EngineScenario {
    private static final KeySpace TENANTS = new KeySpace(
            new DirectoryLayerDirectory("tenant")
                    .addSubdirectory(new KeySpaceDirectory("case", KeySpaceDirectory.KeyType.STRING)));

    private final RecordMetaData metaData = ScenarioSchema.metaData().build();

    @OnEachEngine
    void tenantNamesResolveToDistinctStablePrefixes(Engine engine) {
        open(engine);
        // Tenant names unique per run: the directory layer's allocations stay (removing one would leave the
        // Record Layer's reverse directory cache naming a prefix the directory layer may hand out again).
        KeySpacePath acme = TENANTS.path("tenant", "acme-" + testName).add("case", caseName);
        KeySpacePath globex = TENANTS.path("tenant", "globex-" + testName).add("case", caseName);
        clearAfterwards(acme);
        clearAfterwards(globex);
        // the first use of a name allocates it in a child transaction that borrows this one's read version
        commitDoing(store(metaData, acme), store -> store.saveRecord(ticket(1, "A-1", "acme's", 1)));
        commitDoing(store(metaData, globex), store -> store.saveRecord(ticket(1, "G-1", "globex's", 2)));
        Tuple acmeKey = commit(store(metaData, acme), store -> acme.toTuple(store.getContext()));
        Tuple globexKey = commit(store(metaData, globex), store -> globex.toTuple(store.getContext()));
        assertThat(acmeKey.get(0)).isInstanceOf(Long.class);
        assertThat(acmeKey.getLong(0)).isNotEqualTo(globexKey.getLong(0));
        assertThat(acmeKey.getString(1)).isEqualTo(caseName);
        restartIfDurable();

        commitDoing(store(metaData, acme), store -> {
            assertThat(acme.toTuple(store.getContext()).getItems()).isEqualTo(acmeKey.getItems());
            assertThat(store.scanRecords(null, ScanProperties.FORWARD_SCAN).map(FDBStoredRecord::getPrimaryKey)
                    .asList().join()).containsExactly(Tuple.from(1L));
            assertThat(asTicket(store.loadRecord(Tuple.from(1L))).getKey()).isEqualTo("A-1");
        });
        commitDoing(store(metaData, globex), store -> {
            assertThat(globex.toTuple(store.getContext()).getItems()).isEqualTo(globexKey.getItems());
            assertThat(asTicket(store.loadRecord(Tuple.from(1L))).getKey()).isEqualTo("G-1");
        });
    }
}
