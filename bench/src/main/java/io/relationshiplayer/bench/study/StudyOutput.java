package io.relationshiplayer.bench.study;

import io.relationshiplayer.bench.study.StudyBenchmark.Row;
import io.relationshiplayer.client.Json;
import io.relationshiplayer.client.JsonWriter;
import java.awt.Color;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Writes a study run to a directory: every repetition as CSV ({@value #RUNS}), every cell's summary as CSV
 * ({@value #CELLS}), both with the settings as JSON ({@value #JSON}), and one figure per experiment like the study's
 * Figures 5-8 ({@code figure-<experiment>.svg} and {@code .png}: time against N, direct and proxy with error bars,
 * the study's points dashed and hollow), and with several client counts {@code figure-<experiment>-clients}: calls
 * per second against clients. The tables themselves go to {@value #TABLES} as they print.
 */
final class StudyOutput {
    static final String RUNS = "study-runs.csv";
    static final String CELLS = "study-cells.csv";
    static final String JSON = "study.json";
    static final String TABLES = "study-tables.txt";
    /** Fraction digits of the JSON's and the cells' CSV's figures. */
    private static final int DECIMALS = 4;
    private static final Color DIRECT = new Color(31, 119, 180);
    private static final Color PROXY = new Color(214, 39, 40);

    private final StudySettings settings;
    private final StudyReference reference;

    StudyOutput(StudySettings settings, StudyReference reference) {
        this.settings = settings;
        this.reference = reference;
    }

    /** Writes every file; returns them in the order written. */
    List<Path> write(Path dir, List<Row> rows) throws IOException {
        List<Path> written = new ArrayList<>();
        written.add(Files.writeString(dir.resolve(RUNS), runsCsv(rows), StandardCharsets.UTF_8));
        written.add(Files.writeString(dir.resolve(CELLS), cellsCsv(rows), StandardCharsets.UTF_8));
        written.add(Files.writeString(dir.resolve(JSON), json(rows), StandardCharsets.UTF_8));
        written.add(dir.resolve(TABLES));
        int serial = settings.clients().stream().min(Integer::compare).orElse(1);
        for (Experiment e : settings.sizes().keySet()) {
            written.addAll(draw(dir, "figure-" + e.id, figure(e, rows.stream()
                    .filter(r -> r.experiment() == e && r.clients() == serial).toList(), serial)));
            if (settings.clients().size() > 1) {
                written.addAll(draw(dir, "figure-" + e.id + "-clients", clientsFigure(e, rows.stream()
                        .filter(r -> r.experiment() == e).toList())));
            }
        }
        return written;
    }

    private static List<Path> draw(Path dir, String name, Chart chart) throws IOException {
        Path svg = Files.writeString(dir.resolve(name + ".svg"), chart.svg(), StandardCharsets.UTF_8);
        Path png = dir.resolve(name + ".png");
        chart.writePng(png);
        return List.of(svg, png);
    }

    /** One line per repetition and path: the raw figures every table and plot is computed from. */
    String runsCsv(List<Row> rows) {
        StringBuilder b = new StringBuilder("experiment,n,clients,path,run,ms,calls,calls_per_s\n");
        for (Row r : rows) {
            long calls = r.experiment().calls(r.n(), settings.batches());
            for (String path : List.of("direct", "proxy")) {
                List<Double> ms = (path.equals("direct") ? r.direct() : r.proxy()).values();
                for (int i = 0; i < ms.size(); i++) {
                    b.append(String.format(Locale.ROOT, "%s,%d,%d,%s,%d,%.4f,%d,%.1f%n", r.experiment().id, r.n(),
                            r.clients(), path, i + 1, ms.get(i), calls, calls / ms.get(i) * 1000));
                }
            }
        }
        return b.toString();
    }

    /** One line per cell and path: mean and +/- as the study reported them, throughput, per-call percentiles. */
    String cellsCsv(List<Row> rows) {
        StringBuilder b = new StringBuilder("experiment,n,clients,path,runs,mean_ms,err_ms,stdev_ms,calls_per_s,"
                + "p50_us,p99_us,max_us,increase_pct,study_ms,study_err_ms\n");
        for (Row r : rows) {
            Optional<StudyReference.Row> s = study(r);
            for (boolean direct : new boolean[] {true, false}) {
                Timings t = direct ? r.direct() : r.proxy();
                CallStats c = direct ? r.directCalls() : r.proxyCalls();
                b.append(String.format(Locale.ROOT, "%s,%d,%d,%s,%d,%.4f,%.4f,%.4f,%.1f,%.2f,%.2f,%.2f,%s,%s,%s%n",
                        r.experiment().id, r.n(), r.clients(), direct ? "direct" : "proxy", t.count(), t.mean(),
                        t.err(), t.stdev(), r.callsPerSecond(t, settings.batches()), c.p50Micros(), c.p99Micros(),
                        c.maxMicros(), direct ? "" : String.format(Locale.ROOT, "%.3f", r.increasePct()),
                        s.map(x -> num(direct ? x.directMs() : x.proxyMs())).orElse(""),
                        s.map(x -> num(direct ? x.directErrMs() : x.proxyErrMs())).orElse("")));
            }
        }
        return b.toString();
    }

    /** The settings, the machine, the reference and every cell, one cell to a few lines, numbers to 4 decimals. */
    String json(List<Row> rows) {
        StringBuilder b = new StringBuilder();
        JsonWriter json = JsonWriter.spaced(b).beginObject().newline(2).name("settings").beginObject()
                .name("backend").value(settings.backend().toString()).name("latency").value(settings.latencyName())
                .name("runs").value(settings.runs()).name("warmup_seconds").number(settings.warmupSeconds(), DECIMALS)
                .name("tickets").value(settings.tickets()).name("batches").value(settings.batches())
                .name("clients").beginArray();
        settings.clients().forEach(json::value);
        json.endArray().name("seed").value(settings.seed()).name("quick").value(settings.quick())
                .name("full").value(settings.full()).endObject()
                .newline(2).name("machine").value(StudyTable.machine())
                .newline(2).name("reference").value(reference.source())
                .newline(2).name("cells").beginArray();
        for (Row r : rows) {
            json.newline(4).beginObject().name("experiment").value(r.experiment().id).name("n").value(r.n())
                    .name("clients").value(r.clients()).name("calls").value(r.experiment().calls(r.n(),
                            settings.batches())).name("increase_pct").number(r.increasePct(), DECIMALS);
            path(json.newline(6).name("direct"), r, r.direct(), r.directCalls());
            path(json.newline(6).name("proxy"), r, r.proxy(), r.proxyCalls());
            json.newline(6).name("study");
            study(r).ifPresentOrElse(s -> json.beginObject().name("n").value(s.n())
                    .name("direct_ms").number(s.directMs(), DECIMALS)
                    .name("direct_err_ms").number(s.directErrMs(), DECIMALS)
                    .name("proxy_ms").number(s.proxyMs(), DECIMALS)
                    .name("proxy_err_ms").number(s.proxyErrMs(), DECIMALS)
                    .name("increase_pct").number(s.increasePct(), DECIMALS).endObject(), json::nullValue);
            json.endObject();
        }
        json.newline(2).endArray().newline(0).endObject();
        return b.append('\n').toString();
    }

    private void path(JsonWriter json, Row r, Timings t, CallStats c) {
        json.beginObject().name("runs_ms").beginArray();
        t.values().forEach(ms -> json.number(ms, DECIMALS));
        json.endArray().name("mean_ms").number(t.mean(), DECIMALS).name("err_ms").number(t.err(), DECIMALS)
                .name("stdev_ms").number(t.stdev(), DECIMALS)
                .name("calls_per_s").number(r.callsPerSecond(t, settings.batches()), DECIMALS)
                .name("p50_us").number(c.p50Micros(), DECIMALS).name("p99_us").number(c.p99Micros(), DECIMALS)
                .name("max_us").number(c.maxMicros(), DECIMALS).endObject();
    }

    /** The study's row for a serial cell of an N it measured. */
    private Optional<StudyReference.Row> study(Row r) {
        return r.clients() != 1 ? Optional.empty()
                : reference.nearest(r.experiment().id, r.n()).filter(s -> s.n() == r.n());
    }

    /** Time against N on both paths, ours with error bars, the study's measured N dashed beside them. */
    Chart figure(Experiment e, List<Row> rows, int clients) {
        List<Chart.Series> series = new ArrayList<>();
        series.add(new Chart.Series("direct (ours)", DIRECT, false, rows.stream()
                .map(r -> new Chart.Point(r.n(), r.direct().mean(), r.direct().err())).toList()));
        series.add(new Chart.Series("proxy (ours)", PROXY, false, rows.stream()
                .map(r -> new Chart.Point(r.n(), r.proxy().mean(), r.proxy().err())).toList()));
        List<StudyReference.Row> theirs = reference.rows().stream().filter(s -> s.experiment().equals(e.id))
                .toList();
        if (!theirs.isEmpty()) {
            series.add(new Chart.Series("no proxy (study)", DIRECT, true, theirs.stream()
                    .map(s -> new Chart.Point(s.n(), s.directMs(), s.directErrMs())).toList()));
            series.add(new Chart.Series("proxy (study)", PROXY, true, theirs.stream()
                    .map(s -> new Chart.Point(s.n(), s.proxyMs(), s.proxyErrMs())).toList()));
        }
        String x = e == Experiment.CREATE_MULTIPLE ? "N (tickets per transaction, " + settings.batches()
                + " transactions)" : "N";
        return new Chart(String.format(Locale.ROOT, "%s: %s, latency %s, %d run(s), %d client(s)", e.id,
                settings.backend(), settings.latencyName(), settings.runs(), clients), x, "time (ms)", series);
    }

    /** Calls per second against the client count at the largest N, both paths, with the runs' spread as error. */
    Chart clientsFigure(Experiment e, List<Row> rows) {
        int n = rows.stream().mapToInt(Row::n).max().orElse(0);
        List<Row> mine = rows.stream().filter(r -> r.n() == n).toList();
        List<Chart.Series> series = new ArrayList<>();
        for (boolean direct : new boolean[] {true, false}) {
            series.add(new Chart.Series(direct ? "direct" : "proxy", direct ? DIRECT : PROXY, false, mine.stream()
                    .map(r -> {
                        Timings t = direct ? r.direct() : r.proxy();
                        double perSecond = r.callsPerSecond(t, settings.batches());
                        // calls/s scales as 1/time: the time's relative +/- is the rate's
                        return new Chart.Point(r.clients(), perSecond, perSecond * t.err() / t.mean());
                    }).toList()));
        }
        return new Chart(String.format(Locale.ROOT, "%s N=%,d: throughput by clients, %s, latency %s", e.id, n,
                settings.backend(), settings.latencyName()), "concurrent clients (the N calls shared among them)",
                "calls per second (" + e.call() + ")", series);
    }

    private static String num(double v) {
        return Json.number(v, DECIMALS);
    }
}
