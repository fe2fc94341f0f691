package io.relationshiplayer.fdb.conformance;

import com.apple.foundationdb.Database;
import io.relationshiplayer.fdb.embedded.EmbeddedDatabase;
import io.relationshiplayer.fdb.embedded.EngineConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;

/** The conformance suite on the embedded durable engine (RocksDB in a temporary directory). */
@DisplayName("FoundationDB API conformance: embedded durable engine")
class DurableConformanceTest extends FdbConformanceSuite {
    private EmbeddedDatabase db;

    @BeforeAll
    void open(@TempDir Path directory) {
        db = EmbeddedDatabase.open(EngineConfig.durable(directory));
    }

    @AfterAll
    void close() {
        if (db != null) {
            db.close();
        }
    }

    @Override
    protected Database database() {
        return db;
    }
}
