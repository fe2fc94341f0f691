package io.relationshiplayer.fdb.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.record.provider.foundationdb.APIVersion;
import com.apple.foundationdb.record.provider.foundationdb.FDBDatabaseFactory;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * One real FoundationDB 7.3 cluster for every test of a JVM that wants one: started on first use in a Docker container
 * by Testcontainers, and stopped when the JVM exits. A test asks for it with {@link #clusterFile()} or
 * {@link #connection()}, which abort the test (reported as skipped, with the reason) where no cluster can be had:
 * libfdb_c is not installed, or Docker is not available. If Docker is there but the cluster does not start (or a named
 * cluster file cannot be opened), they fail.
 *
 * <p>{@code -Drl.test.fdb.clusterFile=<file>} (or {@code $RL_TEST_FDB_CLUSTER_FILE}) points the tests at a running
 * cluster instead, without Docker. The tests share it: each works under keys of its own and clears them.
 *
 * <p>Two rules of the native client. The libfdb_c check comes first and never touches class {@code FDB}, whose
 * initializer loads the native library: the embedded engines never load it. And a process selects one API version,
 * once: {@link #API_VERSION}, the newest the Record Layer supports, set on the Record Layer's
 * {@link FDBDatabaseFactory} before anything starts the client, so that the Record Layer scenarios ({@code
 * Backend.open("fdb:...")}) and the conformance suite ({@link #openDatabase()}) run in one JVM.
 */
public final class RealFdbCluster {
    /** The server image; its client library is libfdb_c of the same minor version. */
    public static final String IMAGE = "foundationdb/foundationdb:7.3.63";

    /** The API version of every real-cluster test: {@link APIVersion#API_VERSION_7_1}. */
    public static final int API_VERSION = 710;

    /** A system property naming the cluster file of a running cluster, used instead of a container. */
    public static final String CLUSTER_FILE_PROPERTY = "rl.test.fdb.clusterFile";
    public static final String CLUSTER_FILE_ENV = "RL_TEST_FDB_CLUSTER_FILE";

    private static final List<String> LIBRARY_LOCATIONS =
            List.of("/usr/lib/libfdb_c.so", "/usr/lib64/libfdb_c.so", "/usr/local/lib/libfdb_c.dylib");

    /** Distinct per JVM: names made with it do not collide with a previous run's on the same cluster. */
    private static final String RUN = UUID.randomUUID().toString().replace("-", "").substring(0, 12);

    private static RealFdbCluster shared;

    @Nullable
    private final Path clusterFile;
    @Nullable
    private final String unavailable;
    @Nullable
    private final RuntimeException failure;

    private RealFdbCluster(@Nullable Path clusterFile, @Nullable String unavailable,
                           @Nullable RuntimeException failure) {
        this.clusterFile = clusterFile;
        this.unavailable = unavailable;
        this.failure = failure;
    }

    /** The JVM's cluster, started on the first call; never throws (see {@link #clusterFile()}). */
    @Nonnull
    public static synchronized RealFdbCluster get() {
        if (shared == null) {
            shared = start();
        }
        return shared;
    }

    /** Whether a cluster is up: the tests that need one will run. */
    public boolean available() {
        return clusterFile != null;
    }

    /** Why no cluster can be had here (the skip message), or null if one is up or its start failed. */
    @Nullable
    public String unavailableReason() {
        return unavailable;
    }

    /**
     * The cluster file. Aborts the calling test with {@link #unavailableReason()} where there is no cluster, and
     * throws if there should be one (Docker found, or a cluster file named) but it could not be started or opened.
     */
    @Nonnull
    public Path clusterFile() {
        if (failure != null) {
            throw new IllegalStateException("the real FoundationDB cluster could not be used: " + failure.getMessage(),
                    failure);
        }
        assumeTrue(unavailable == null, unavailable);
        return clusterFile;
    }

    /** The backend connection string of the cluster, for {@code Backend.open}; aborts like {@link #clusterFile()}. */
    @Nonnull
    public String connection() {
        return "fdb:" + clusterFile();
    }

    /**
     * A new FoundationDB client database on the cluster, the caller's to close. Aborts like {@link #clusterFile()}.
     */
    @Nonnull
    public Database openDatabase() {
        return NativeClient.open(clusterFile());
    }

    /**
     * A name for something a test creates on the shared cluster (a database, a key space directory): {@code prefix}
     * with this JVM's run id, so that a rerun on the same cluster does not meet what an earlier run left.
     */
    @Nonnull
    public static String uniqueName(@Nonnull String prefix) {
        return prefix + "-" + RUN;
    }

    private static RealFdbCluster start() {
        // Recorded rather than assumed here: the callers decide, per test, to report the reason as a skip.
        List<String> candidates = clientLibraryCandidates();
        if (candidates.stream().map(Path::of).noneMatch(Files::isRegularFile)) {
            return unavailable("libfdb_c is not installed (looked for " + String.join(", ", candidates)
                    + " and $FDB_LIBRARY_PATH_FDB_C): install the FoundationDB 7.3 client package to run the tests"
                    + " against a real FoundationDB cluster");
        }
        String configured = configuredClusterFile();
        if (configured != null) {
            Path file = Path.of(configured);
            if (!Files.isRegularFile(file)) {
                return failed(new IllegalStateException(CLUSTER_FILE_PROPERTY + " names " + file
                        + ", which is not a file"));
            }
            try {
                NativeClient.initialize(file);
            } catch (RuntimeException | LinkageError e) { // UnsatisfiedLinkError: libfdb_c would not load
                return failed(e);
            }
            return new RealFdbCluster(file.toAbsolutePath(), null, null);
        }
        if (!dockerAvailable()) {
            return unavailable("Docker is not available: Testcontainers found no usable Docker environment, so no "
                    + IMAGE + " container can be started (or name a running cluster's file with -D"
                    + CLUSTER_FILE_PROPERTY + "=...)");
        }
        try {
            return new RealFdbCluster(startContainer(), null, null);
        } catch (Exception | LinkageError e) {
            return failed(e);
        }
    }

    private static RealFdbCluster unavailable(String reason) {
        return new RealFdbCluster(null, reason, null);
    }

    private static RealFdbCluster failed(Throwable failure) {
        return new RealFdbCluster(null, null, failure instanceof RuntimeException r ? r
                : new IllegalStateException(failure.toString(), failure));
    }

    /** Starts the container, creates the database, and writes its cluster file; all undone at JVM exit. */
    private static Path startContainer() throws Exception {
        int port = freePort();
        GenericContainer<?> container = new GenericContainer<>(DockerImageName.parse(IMAGE))
                .withEnv("FDB_NETWORKING_MODE", "host")
                .withEnv("FDB_PORT", String.valueOf(port))
                .withEnv("FDB_COORDINATOR_PORT", String.valueOf(port))
                .waitingFor(Wait.forLogMessage(".*FDBD joined cluster.*\\n", 1)
                        .withStartupTimeout(Duration.ofMinutes(2)));
        // fdbserver advertises 127.0.0.1:port and rejects peers that reach it on another port.
        container.setPortBindings(List.of(port + ":" + port));
        Path clusterFile = null;
        try {
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
            clusterFile = Files.createTempFile("rl-real-fdb-", ".cluster");
            Files.writeString(clusterFile, connection + "\n");
            NativeClient.initialize(clusterFile);
        } catch (Exception | Error e) {
            container.stop();
            if (clusterFile != null) {
                Files.deleteIfExists(clusterFile);
            }
            throw e;
        }
        Path file = clusterFile;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            container.stop();
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // a temporary file
            }
        }, "rl-real-fdb-stop"));
        return file;
    }

    @Nullable
    private static String configuredClusterFile() {
        for (String value : new String[] {System.getProperty(CLUSTER_FILE_PROPERTY),
                System.getenv(CLUSTER_FILE_ENV)}) {
            if (value != null && !value.isBlank()) {
                return value;
            }
        }
        return null;
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

    /** The only code that starts the native client; it runs only once libfdb_c and a cluster were found. */
    private static final class NativeClient {
        /**
         * Selects {@link #API_VERSION} and starts the client's network through the Record Layer's factory, which
         * sets its network options first: had anything else started the network, the factory could not.
         */
        static void initialize(Path clusterFile) {
            FDBDatabaseFactory factory = FDBDatabaseFactory.instance();
            factory.setAPIVersion(APIVersion.API_VERSION_7_1);
            factory.open(clusterFile.toString()).close();
        }

        static Database open(Path clusterFile) {
            return FDBDatabaseFactory.instance().open(clusterFile.toString());
        }
    }
}
