package io.relationshiplayer.fdb.conformance;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDB;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * The conformance suite on a real FoundationDB 7.3 server in a Docker container, through fdb-java and libfdb_c: the
 * reference the embedded engines are held to. Skipped, with the reason, when libfdb_c is not installed or Docker is
 * not available. The libfdb_c check comes first and never touches class {@code FDB}, whose initializer loads the
 * native library.
 */
@DisplayName("FoundationDB API conformance: real FoundationDB 7.3 (Testcontainers)")
class RealFdbConformanceTest extends FdbConformanceSuite {
    private static final String IMAGE = "foundationdb/foundationdb:7.3.63";
    private static final int API_VERSION = 730;
    private static final List<String> LIBRARY_LOCATIONS =
            List.of("/usr/lib/libfdb_c.so", "/usr/lib64/libfdb_c.so", "/usr/local/lib/libfdb_c.dylib");

    private GenericContainer<?> container;
    private Path clusterFile;
    private Database db;

    /** Why the suite cannot run here, or null once a cluster is up. */
    private String unavailable;

    @BeforeAll
    void start() throws Exception {
        // Recorded rather than assumed here: an aborted @BeforeAll hides the nested tests from the reports, while
        // an assumption in database() reports every test as skipped with the reason.
        List<String> candidates = clientLibraryCandidates();
        if (candidates.stream().map(Path::of).noneMatch(Files::isRegularFile)) {
            unavailable = "libfdb_c is not installed (looked for " + String.join(", ", candidates)
                    + " and $FDB_LIBRARY_PATH_FDB_C): install the FoundationDB 7.3 client package to run the"
                    + " conformance suite against a real cluster";
            return;
        }
        if (!dockerAvailable()) {
            unavailable = "Docker is not available: Testcontainers found no usable Docker environment, so no "
                    + IMAGE + " container can be started";
            return;
        }

        int port = freePort();
        container = new GenericContainer<>(DockerImageName.parse(IMAGE))
                .withEnv("FDB_NETWORKING_MODE", "host")
                .withEnv("FDB_PORT", String.valueOf(port))
                .withEnv("FDB_COORDINATOR_PORT", String.valueOf(port))
                .waitingFor(Wait.forLogMessage(".*FDBD joined cluster.*\\n", 1)
                        .withStartupTimeout(Duration.ofMinutes(2)));
        // fdbserver advertises 127.0.0.1:port and rejects peers that reach it on another port.
        container.setPortBindings(List.of(port + ":" + port));
        container.start();

        ExecResult configure = container.execInContainer("fdbcli", "--exec", "configure new single memory",
                "--timeout", "60");
        if (configure.getExitCode() != 0 || !configure.getStdout().contains("Database created")) {
            throw new IllegalStateException("fdbcli could not create the database: " + configure.getStdout()
                    + configure.getStderr());
        }
        ExecResult cat = container.execInContainer("cat", "/var/fdb/fdb.cluster");
        String connection = cat.getExitCode() == 0 && !cat.getStdout().isBlank()
                ? cat.getStdout().trim()
                : "docker:docker@127.0.0.1:" + port;
        clusterFile = Files.createTempFile("rl-conformance-", ".cluster");
        Files.writeString(clusterFile, connection + "\n");
        db = NativeClient.open(clusterFile);
    }

    @AfterAll
    void stop() throws IOException {
        if (db != null) {
            db.close();
        }
        if (container != null) {
            container.stop();
        }
        if (clusterFile != null) {
            Files.deleteIfExists(clusterFile);
        }
    }

    @Override
    protected Database database() {
        assumeTrue(unavailable == null, unavailable);
        return db;
    }

    /** Where libfdb_c may be: the usual install locations and {@code FDB_LIBRARY_PATH_FDB_C} if set. */
    private static List<String> clientLibraryCandidates() {
        List<String> candidates = new ArrayList<>(LIBRARY_LOCATIONS);
        for (String configured : new String[] {System.getenv("FDB_LIBRARY_PATH_FDB_C"),
                System.getProperty("FDB_LIBRARY_PATH_FDB_C")}) {
            if (configured != null && !configured.isBlank()) {
                candidates.add(configured);
            }
        }
        return candidates;
    }

    private static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** The only code that names class {@code FDB}; it is loaded only once libfdb_c and Docker were found. */
    private static final class NativeClient {
        static Database open(Path clusterFile) {
            return FDB.selectAPIVersion(API_VERSION).open(clusterFile.toString());
        }
    }
}
