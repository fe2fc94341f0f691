package io.relationshiplayer.server;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.relationshiplayer.metrics.RlMetrics;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Serves {@code GET /metrics} in Prometheus' text format over the JDK's HTTP server, on one daemon thread. */
public final class MetricsHttpServer implements AutoCloseable {
    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final HttpServer http;
    private final ExecutorService executor;

    private MetricsHttpServer(HttpServer http, ExecutorService executor) {
        this.http = http;
        this.executor = executor;
    }

    /** Starts on {@code host:port} (port 0 picks a free one). */
    public static MetricsHttpServer start(String host, int port, RlMetrics metrics) throws IOException {
        Objects.requireNonNull(metrics, "metrics is null");
        HttpServer http = HttpServer.create(new InetSocketAddress(host, port), 16);
        http.createContext("/metrics", exchange -> respond(exchange, metrics));
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "rl-metrics-http");
            t.setDaemon(true);
            return t;
        });
        http.setExecutor(executor);
        http.start();
        return new MetricsHttpServer(http, executor);
    }

    private static void respond(HttpExchange exchange, RlMetrics metrics) throws IOException {
        try (exchange) {
            if (!"GET".equals(exchange.getRequestMethod()) && !"HEAD".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            byte[] body = metrics.scrape().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
            boolean head = "HEAD".equals(exchange.getRequestMethod());
            exchange.sendResponseHeaders(200, head ? -1 : body.length);
            if (!head) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        }
    }

    public int port() {
        return http.getAddress().getPort();
    }

    @Override
    public void close() {
        http.stop(0);
        executor.shutdownNow();
    }
}
