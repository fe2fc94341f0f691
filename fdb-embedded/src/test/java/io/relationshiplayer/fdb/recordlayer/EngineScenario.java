package io.relationshiplayer.fdb.recordlayer;

import com.apple.foundationdb.record.provider.foundationdb.FDBDatabase;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.keyspace.KeySpacePath;
import io.relationshiplayer.fdb.Backend;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Record Layer scenario on one embedded engine ({@link OnBothEngines}): a fresh backend per test, and a key space
 * path of the test's own.
 */
abstract class EngineScenario {
    @TempDir
    Path directory;

    private Engine engine;
    private Backend backend;

    /** This test's directory name under /scenarios/case, and its path; a test may add sibling directories. */
    String caseName;
    KeySpacePath path;

    @BeforeEach
    void nameCase(TestInfo test) {
        caseName = getClass().getSimpleName() + "." + test.getTestMethod().orElseThrow().getName();
        path = ScenarioSchema.casePath(caseName);
    }

    /** Opens {@code engine} for this test, then runs the scenario's {@link #prepare()}. */
    void open(Engine engine) {
        this.engine = engine;
        backend = engine.open(directory);
        prepare();
    }

    /** What every test of the scenario starts from, once the engine is open. */
    void prepare() {
    }

    @AfterEach
    void closeBackend() {
        if (backend != null) {
            backend.close();
        }
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
