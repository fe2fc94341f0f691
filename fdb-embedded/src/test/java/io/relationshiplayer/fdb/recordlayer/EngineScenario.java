package io.relationshiplayer.fdb.recordlayer;

import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.directory.DirectoryLayer;
import com.apple.foundationdb.record.provider.foundationdb.FDBDatabase;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.FDBReverseDirectoryCache;
import com.apple.foundationdb.record.provider.foundationdb.keyspace.KeySpacePath;
import com.apple.foundationdb.record.provider.foundationdb.storestate.FDBRecordStoreStateCache;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.testing.RealFdbCluster;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Record Layer scenario on one engine ({@link OnEachEngine}): a backend per test, and a key space path of the
 * test's own, named uniquely per run. Afterwards the test's data is cleared on every engine, so that on a shared
 * cluster a test leaves nothing behind; on the embedded engines, which start empty, that is checked.
 */
abstract class EngineScenario {
    /** Where the directory layer keeps its nodes; everything from here on is not a scenario's data. */
    private static final byte[] DIRECTORY_LAYER_NODES = {(byte) 0xfe};

    @TempDir
    Path directory;

    private Engine engine;
    private Backend backend;
    private FDBRecordStoreStateCache storeStateCache;
    private final List<KeySpacePath> alsoWritten = new ArrayList<>();

    /** This test's name: its store's directory under its test directory; a test may add sibling directories. */
    String caseName;
    /** This test's directory name under /scenarios: the case name and the run. */
    String testName;
    KeySpacePath path;

    @BeforeEach
    void nameCase(TestInfo test) {
        caseName = getClass().getSimpleName() + "." + test.getTestMethod().orElseThrow().getName();
        testName = RealFdbCluster.uniqueName(caseName);
        path = casePath(caseName);
    }

    /** A store directory of this test; cleared with the test's directory afterwards. */
    KeySpacePath casePath(String name) {
        return ScenarioSchema.testPath(testName).add("case", name);
    }

    /** A path outside this test's directory that the test writes under: cleared afterwards too. */
    void clearAfterwards(KeySpacePath written) {
        alsoWritten.add(written);
    }

    /** Opens {@code engine} for this test, then runs the scenario's {@link #prepare()}. */
    void open(Engine engine) {
        this.engine = engine;
        backend = engine.open(directory);
        storeStateCache = database().getStoreStateCache();
        prepare();
    }

    /** What every test of the scenario starts from, once the engine is open. */
    void prepare() {
    }

    @AfterEach
    void clearAndClose() {
        if (backend == null) {
            return; // not opened: skipped
        }
        try {
            database().run(context -> {
                ScenarioSchema.testPath(testName).deleteAllData(context);
                alsoWritten.forEach(written -> written.deleteAllData(context));
                return null;
            });
            if (engine.shared()) {
                // the Record Layer keeps one FDBDatabase per cluster file, for the next test too
                database().setStoreStateCache(storeStateCache);
            } else {
                assertThat(database().run(EngineScenario::leftBehind))
                        .as("what the test wrote and did not clear").isEmpty();
            }
        } finally {
            backend.close();
        }
    }

    /**
     * The keys below the directory layer's nodes, other than the Record Layer's reverse directory cache (which, like
     * the directory layer's allocations, stays: it names what the allocations hold).
     */
    private static List<String> leftBehind(FDBRecordContext context) {
        Transaction tr = context.ensureActive();
        List<String> reverseCache = List.of(FDBReverseDirectoryCache.REVERSE_DIRECTORY_CACHE_ENTRY);
        byte[] excluded = DirectoryLayer.getDefault().exists(tr, reverseCache).join()
                ? DirectoryLayer.getDefault().open(tr, reverseCache).join().getKey() : null;
        return tr.getRange(new byte[0], DIRECTORY_LAYER_NODES).asList().join().stream()
                .map(KeyValue::getKey)
                .filter(key -> excluded == null || !ByteArrayUtil.startsWith(key, excluded))
                .map(ByteArrayUtil::printable)
                .toList();
    }

    FDBDatabase database() {
        return backend.recordDatabase();
    }

    /** Closes the backend and opens it again: the durable engine must recover what it acknowledged. */
    void restartIfDurable() {
        if (engine.survivesRestart()) {
            backend.close();
            backend = engine.open(directory);
        }
    }

    /** Opens (or creates) the store in a new transaction, applies {@code work} and commits. */
    <T> T commit(FDBRecordStore.Builder store, Function<FDBRecordStore, T> work) {
        try (FDBRecordContext context = database().openContext()) {
            T result = work.apply(store.copyBuilder().setContext(context).createOrOpen());
            context.commit();
            return result;
        }
    }

    void commitDoing(FDBRecordStore.Builder store, Consumer<FDBRecordStore> work) {
        commit(store, s -> {
            work.accept(s);
            return null;
        });
    }
}
