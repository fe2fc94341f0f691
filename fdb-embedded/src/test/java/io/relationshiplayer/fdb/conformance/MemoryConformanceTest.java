package io.relationshiplayer.fdb.conformance;

import com.apple.foundationdb.Database;
import io.relationshiplayer.fdb.embedded.EmbeddedDatabase;
import io.relationshiplayer.fdb.embedded.EngineConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;

/** The conformance suite on the embedded memory engine. */
@DisplayName("FoundationDB API conformance: embedded memory engine")
class MemoryConformanceTest extends FdbConformanceSuite {
    private EmbeddedDatabase db;

    @BeforeAll
    void open() {
        db = EmbeddedDatabase.open(EngineConfig.memory());
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
