package io.relationshiplayer.bench.bank;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The server as a child process ({@code rl server} on the durable engine, this JVM's class path) that is killed with
 * SIGKILL and started again on the same port at a fixed interval while the clients run.
 */
final class Nemesis implements AutoCloseable {
    static final String CLI_MAIN = "io.relationshiplayer.cli.Rl";
    private static final long START_TIMEOUT_SECONDS = 120;

    /** One kill: when it happened and when the server listened again (System.nanoTime). */
    record Kill(long killedAt, long listeningAt) {
    }

    private final Path directory;
    private final int port;
    private final Path log;
    private final PrintStream progress;
    private final List<Kill> kills = new ArrayList<>();
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "nemesis");
        t.setDaemon(true);
        return t;
    });
    private Process child;
    private SqlClient client;

    private Nemesis(Path directory, int port, Path log, PrintStream progress) {
        this.directory = directory;
        this.port = port;
        this.log = log;
        this.progress = progress;
    }

    /** Starts the child server on {@code directory}; fails clearly when the CLI is not on the class path. */
    static Nemesis start(Path directory, PrintStream progress) throws IOException, InterruptedException {
        try {
            Class.forName(CLI_MAIN, false, Nemesis.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("--nemesis runs the server as 'java -cp <class path> " + CLI_MAIN
                    + " server', but " + CLI_MAIN + " is not on this JVM's class path: run it as 'rl bench bank'");
        }
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Nemesis n = new Nemesis(directory, port, directory.resolveSibling(directory.getFileName() + "-server.log"),
                progress);
        n.launch();
        return n;
    }

    String target() {
        return "127.0.0.1:" + port;
    }

    /** From now on kill and restart the server every {@code seconds}; {@code client} reconnects at once after. */
    void unleash(double seconds, SqlClient client) {
        this.client = client;
        long millis = (long) (seconds * 1000);
        scheduler.scheduleWithFixedDelay(this::killAndRestart, millis, millis, TimeUnit.MILLISECONDS);
    }

    /** Stops killing; the server is up when this returns. */
    List<Kill> calm() throws InterruptedException {
        scheduler.shutdown();
        scheduler.awaitTermination(START_TIMEOUT_SECONDS * 2, TimeUnit.SECONDS);
        synchronized (this) {
            return List.copyOf(kills);
        }
    }

    private void killAndRestart() {
        try {
            long killed = System.nanoTime();
            child.destroyForcibly();
            child.waitFor();
            launch();
            long listening = System.nanoTime();
            synchronized (this) {
                kills.add(new Kill(killed, listening));
            }
            if (client != null) {
                client.resetBackoff();
            }
            progress.printf(Locale.ROOT, "nemesis: SIGKILL, server listening again after %.2f s%n",
                    (listening - killed) / 1e9);
        } catch (IOException | InterruptedException | RuntimeException e) {
            progress.println("nemesis: restarting the server failed: " + e);
        }
    }

    private void launch() throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), CLI_MAIN, "server",
                "--backend", "embedded:" + directory.toAbsolutePath(), "--port", Integer.toString(port));
        pb.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        Process p = pb.start();
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
        }, "nemesis-child-out");
        reader.setDaemon(true);
        reader.start();
        if (!listening.await(START_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("the server child did not listen within " + START_TIMEOUT_SECONDS + " s; see " + log);
        }
        child = p;
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
        if (child != null) {
            child.destroy();
            try {
                if (!child.waitFor(30, TimeUnit.SECONDS)) {
                    child.destroyForcibly().waitFor();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
