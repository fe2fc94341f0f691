package io.relationshiplayer.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One scrape of {@code /metrics} over HTTP, parsed from Prometheus' text format into series and values. */
record Scrape(Map<String, Double> series) {
    private static final Pattern SAMPLE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? (\\S+)");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\",?");

    static Scrape of(int port) throws IOException, InterruptedException {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/metrics")).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("text/plain; version=0.0.4; charset=utf-8");
        return parse(r.body());
    }

    static Scrape parse(String text) {
        Map<String, Double> series = new HashMap<>();
        for (String line : text.split("\n")) {
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Matcher m = SAMPLE.matcher(line);
            assertThat(m.matches()).as("a sample line: %s", line).isTrue();
            Map<String, String> labels = new TreeMap<>();
            if (m.group(2) != null) {
                Matcher l = LABEL.matcher(m.group(2));
                int end = 0;
                while (l.find()) {
                    assertThat(l.start()).as("labels of %s", line).isEqualTo(end);
                    labels.put(l.group(1), l.group(2));
                    end = l.end();
                }
                assertThat(end).as("labels of %s", line).isEqualTo(m.group(2).length());
            }
            String value = m.group(3);
            series.put(key(m.group(1), labels), value.equals("+Inf") ? Double.POSITIVE_INFINITY
                    : Double.parseDouble(value));
        }
        return new Scrape(series);
    }

    private static String key(String name, Map<String, String> labels) {
        return name + labels;
    }

    /** The value of a series, {@code labels} as alternating names and values; 0 if absent (a counter not yet moved). */
    double value(String name, String... labels) {
        Map<String, String> l = new TreeMap<>();
        for (int i = 0; i < labels.length; i += 2) {
            l.put(labels[i], labels[i + 1]);
        }
        return series.getOrDefault(key(name, l), 0.0);
    }

    boolean has(String name, String... labels) {
        Map<String, String> l = new TreeMap<>();
        for (int i = 0; i < labels.length; i += 2) {
            l.put(labels[i], labels[i + 1]);
        }
        return series.containsKey(key(name, l));
    }
}
