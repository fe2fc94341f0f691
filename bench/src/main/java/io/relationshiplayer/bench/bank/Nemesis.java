package io.relationshiplayer.bench.bank;

import io.relationshiplayer.client.SqlClient;
import io.relationshiplayer.limits.ServerLimits;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The server as a child process ({@code rl server} on the durable engine, this JVM's class path) that is killed with
 * SIGKILL and started again on the same port while the clients run, or ({@link Fault#STOP}) frozen with SIGSTOP for a
 * while and then continued with SIGCONT, as a machine that stalls (a long GC pause, a VM migrated, a disk that hangs). The next kill comes {@code interval} seconds after
 * the restarted server has acknowledged a transfer, not after it listens: a restarted JVM is cold (class loading,
 * Calcite, the catalog) for seconds, and a fixed schedule shorter than that kills every server before it serves, so
 * that no transfer is ever acknowledged again. No kill comes after the run's end, so that transfers in flight finish.
 */
final class Nemesis implements AutoCloseable {
    static final String CLI_MAIN = "io.relationshiplayer.cli.Rl";
    private static final long START_TIMEOUT_SECONDS = 120;
    private static final long POLL_MILLIS = 20;

    /** What the nemesis does to the server. */
    enum Fault {
        /** SIGKILL, then a new server on the same port and directory. */
        KILL,
        /** SIGSTOP, then SIGCONT after the stop's length: the same server, its clients' calls waiting meanwhile. */
        STOP
    }

    /**
     * One fault: when it struck and when the server served again (listened again after a kill, was continued after a
     * stop), System.nanoTime.
     */
    record Kill(long killedAt, long listeningAt) {
    }

    private final int port;
    private final Path log;
    private final PrintStream progress;
    private final List<String> serverCommand;
    private final Fault fault;
    private final long stopNanos;
    private final List<Kill> kills = new ArrayList<>();
    private final CountDownLatch calmed = new CountDownLatch(1);
    private Thread killer;
    private volatile Process child;
    /** The last server process started, listening or not yet: what the shutdown hook kills. */
    private volatile Process spawned;
    /**
     * Kills the server child when this JVM ends before {@link #close()} (Ctrl-C, SIGTERM): a child outlives its parent,
     * and an orphaned server kept the port and the durable directory.
     */
    private final Thread orphanGuard = new Thread(this::killSpawned, "nemesis-orphan-guard");
    /** The server was killed at least once, and the last restarted server has acknowledged a transfer since. */
    private volatile boolean servedAfterKill;

    private Nemesis(int port, Path log, PrintStream progress, List<String> serverCommand, Fault fault,
                    double stopSeconds) {
        this.port = port;
        this.log = log;
        this.progress = progress;
        this.serverCommand = serverCommand;
        this.fault = fault;
        this.stopNanos = (long) (stopSeconds * 1e9);
    }

    /**
     * Starts the child server on {@code directory}: {@code rl server} when the CLI is on the class path, else the same
     * services composed by {@link LocalSqlServer#main}. Its per-client limits allow {@code perClient} calls and streams:
     * the benchmark's clients all come from this one address, where a deployment's come from many (with 64 clients at
     * the default 64, a restarted server that queues their first statements refused the nemesis's own call).
     */
    static Nemesis start(Path directory, PrintStream progress, Fault fault, double stopSeconds, int perClient)
            throws IOException, InterruptedException {
        String main = CLI_MAIN;
        List<String> args = new ArrayList<>();
        try {
            Class.forName(CLI_MAIN, false, Nemesis.class.getClassLoader());
            args.add("server");
        } catch (ClassNotFoundException e) {
            main = LocalSqlServer.class.getName();
        }
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java));
        // The same class-data-sharing archive as this JVM (./rl passes one): a restarted server starts in half the time.
        for (String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (flag.startsWith("-XX:SharedArchiveFile=") || flag.startsWith("-Xlog:")) {
                command.add(flag);
            }
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), main));
        command.addAll(args);
        command.addAll(List.of("--backend", "embedded:" + directory.toAbsolutePath(), "--port",
                Integer.toString(port), "--" + ServerLimits.MAX_STREAMS_PER_CLIENT, Integer.toString(perClient),
                "--" + ServerLimits.MAX_CALLS_PER_CLIENT, Integer.toString(perClient)));
        Nemesis n = new Nemesis(port, directory.resolveSibling(directory.getFileName() + "-server.log"),
                progress, List.copyOf(command), fault, stopSeconds);
        Runtime.getRuntime().addShutdownHook(n.orphanGuard);
        try {
            n.launch();
        } catch (IOException | InterruptedException | RuntimeException e) {
            n.close();
            throw e;
        }
        return n;
    }

    /** The running server child's process id (-1 before the first has started). */
    long childPid() {
        Process p = spawned;
        return p == null ? -1 : p.pid();
    }

    /** SIGKILL, which a SIGSTOPped server obeys too, and a short wait so that its port is free when this JVM ends. */
    private void killSpawned() {
        Process p = spawned;
        if (p != null && p.isAlive()) {
            try {
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    String target() {
        return "127.0.0.1:" + port;
    }

    /**
     * From now until {@code endNanos} (System.nanoTime), kill and restart the server {@code seconds} after this call,
     * then {@code seconds} after each time {@code acknowledged} (a count of acknowledged transfers) has grown past its
     * value at the restart (the restarted server's first acknowledged transfer). {@code client} reconnects at once after each restart.
     */
    void unleash(double seconds, int minKills, long endNanos, LongSupplier acknowledged, SqlClient client) {
        long interval = (long) (seconds * 1e9);
        killer = new Thread(() -> {
            try {
                while (true) {
                    // past the end only until the run has proved what it must (BankBenchmark holds it open)
                    if (calmed.await(interval, TimeUnit.NANOSECONDS)
                            || System.nanoTime() >= endNanos && proved(minKills)) {
                        return;
                    }
                    servedAfterKill = false;
                    if (fault == Fault.KILL) {
                        killAndRestart(client);
                    } else {
                        stopAndContinue();
                    }
                    long mark = acknowledged.getAsLong();
                    while (acknowledged.getAsLong() == mark) {
                        if (calmed.await(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                            return;
                        }
                    }
                    servedAfterKill = true;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "nemesis");
        killer.setDaemon(true);
        killer.start();
    }

    /**
     * Whether the run has proved something: the server was killed at least {@code minKills} times and the restarted
     * server acknowledged a transfer since its last restart. The run goes on past its end until it has.
     */
    boolean proved(int minKills) {
        synchronized (this) {
            if (kills.size() < minKills) {
                return false;
            }
        }
        return servedAfterKill;
    }

    /** Stops killing; the server is up when this returns. */
    List<Kill> calm() throws InterruptedException {
        calmed.countDown();
        if (killer != null) {
            killer.join(TimeUnit.SECONDS.toMillis(START_TIMEOUT_SECONDS * 2));
        }
        synchronized (this) {
            return List.copyOf(kills);
        }
    }

    private void killAndRestart(SqlClient client) {
        try {
            long killed = System.nanoTime();
            child.destroyForcibly();
            child.waitFor();
            launch();
            long listening = System.nanoTime();
            synchronized (this) {
                kills.add(new Kill(killed, listening));
            }
            client.resetBackoff();
            progress.printf(Locale.ROOT, "nemesis: SIGKILL, server listening again after %.2f s%n",
                    (listening - killed) / 1e9);
        } catch (IOException | InterruptedException | RuntimeException e) {
            progress.println("nemesis: restarting the server failed: " + e);
        }
    }

    private void stopAndContinue() throws InterruptedException {
        long pid = child.pid();
        long stopped = System.nanoTime();
        try {
            signal("STOP", pid);
            try {
                TimeUnit.NANOSECONDS.sleep(stopNanos);
            } finally {
                signal("CONT", pid);
            }
            long continued = System.nanoTime();
            synchronized (this) {
                kills.add(new Kill(stopped, continued));
            }
            progress.printf(Locale.ROOT, "nemesis: SIGSTOP, server continued after %.2f s%n", (continued - stopped) / 1e9);
        } catch (IOException e) {
            progress.println("nemesis: signalling the server failed: " + e);
        }
    }

    private static void signal(String name, long pid) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).redirectErrorStream(true).start();
        String out = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (kill.waitFor() != 0) {
            throw new IOException("kill -" + name + " " + pid + ": " + out);
        }
    }

    private void launch() throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(serverCommand);
        pb.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        Process p = pb.start();
        spawned = p;
        CountDownLatch listening = new CountDownLatch(1);
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    if (line.contains("listening on")) {
                        listening.countDown();
                    }
                }
            } catch (IOException ignored) {
                // the child was killed
            }
            listening.countDown();
        }, "nemesis-child-out");
        reader.setDaemon(true);
        reader.start();
        if (!listening.await(START_TIMEOUT_SECONDS, TimeUnit.SECONDS) || !p.isAlive()) {
            p.destroyForcibly();
            throw new IOException("the server child did not listen within " + START_TIMEOUT_SECONDS + " s; see " + log);
        }
        child = p;
    }

    @Override
    public void close() {
        calmed.countDown();
        try {
            if (killer != null) {
                killer.join(TimeUnit.SECONDS.toMillis(START_TIMEOUT_SECONDS * 2));
            }
            Process p = child;
            if (p != null) {
                p.destroy();
                if (!p.waitFor(30, TimeUnit.SECONDS)) {
                    p.destroyForcibly().waitFor();
                }
            }
            killSpawned();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(orphanGuard);
        } catch (IllegalStateException shuttingDown) {
            // closed by a shutdown hook of this JVM: the guard runs anyway
        }
    }
}
