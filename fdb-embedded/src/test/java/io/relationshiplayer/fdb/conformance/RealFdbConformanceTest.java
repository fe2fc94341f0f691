package io.relationshiplayer.fdb.conformance;

import com.apple.foundationdb.Database;
import io.relationshiplayer.fdb.testing.RealFdbCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;

/**
 * The conformance suite on a real FoundationDB 7.3 server in a Docker container, through fdb-java and libfdb_c: the
 * reference the embedded engines are held to. The cluster is the JVM's {@link RealFdbCluster}; where there is none
 * (libfdb_c not installed, Docker not available) every test is skipped with the reason.
 */
@DisplayName("FoundationDB API conformance: real FoundationDB 7.3 (Testcontainers)")
class RealFdbConformanceTest extends FdbConformanceSuite {
    private Database db;

    @BeforeAll
    void open() {
        // Not assumed here: an aborted @BeforeAll hides the nested tests from the reports, while an assumption in
        // database() reports every test as skipped with the reason.
        RealFdbCluster cluster = RealFdbCluster.get();
        if (cluster.available()) {
            db = cluster.openDatabase();
        }
    }

    @AfterAll
    void close() {
        if (db != null) {
            db.close();
        }
    }

    @Override
    protected Database database() {
        RealFdbCluster.get().clusterFile(); // skips with the reason, or fails if the cluster did not start
        return db;
    }
}
