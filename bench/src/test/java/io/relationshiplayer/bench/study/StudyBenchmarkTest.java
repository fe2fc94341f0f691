package io.relationshiplayer.bench.study;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code --quick} study run with {@code --out} and two client counts completes, and what it writes parses: the CSV
 * of every run, the cells' CSV, the JSON, an SVG and a PNG per experiment. Timings are never checked.
 */
class StudyBenchmarkTest {
    private static final String[] QUICK = {"--quick", "--runs", "2", "--warmup-seconds", "0", "--tickets", "200",
        "--batches", "20", "--clients", "1,4", "--sizes", "get-single=40", "--sizes", "get-multiple=2",
        "--sizes", "create-single=40", "--sizes", "create-multiple=5"};

    @Test
    void quickRunWritesRunsCellsJsonAndFigures(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] args = concat(QUICK, "--out", dir.toString());
        int code = StudyBenchmark.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);

        assertThat(code).as("exit code; progress:%n%s", err).isZero();
        assertThat(text).contains("per call, µs", "concurrent clients", "p50 proxy/direct");
        assertThat(Files.readString(dir.resolve(StudyOutput.TABLES))).isEqualTo(text);

        // 4 experiments x 1 size x 2 client counts x 2 paths x 2 runs
        List<String> runs = Files.readAllLines(dir.resolve(StudyOutput.RUNS));
        assertThat(runs.get(0)).isEqualTo("experiment,n,clients,path,run,ms,calls,calls_per_s");
        assertThat(runs).hasSize(1 + 4 * 2 * 2 * 2);
        for (String line : runs.subList(1, runs.size())) {
            String[] f = line.split(",");
            assertThat(f).hasSize(8);
            assertThat(Double.parseDouble(f[5])).isPositive();
            assertThat(f[3]).isIn("direct", "proxy");
        }
        List<String> cells = Files.readAllLines(dir.resolve(StudyOutput.CELLS));
        assertThat(cells).hasSize(1 + 4 * 2 * 2);
        assertThat(cells.get(1).split(",", -1)).hasSize(cells.get(0).split(",").length);

        JsonObject json = JsonParser.parseString(Files.readString(dir.resolve(StudyOutput.JSON))).getAsJsonObject();
        assertThat(json.getAsJsonObject("settings").get("runs").getAsInt()).isEqualTo(2);
        JsonArray jsonCells = json.getAsJsonArray("cells");
        assertThat(jsonCells).hasSize(4 * 2);
        JsonObject first = jsonCells.get(0).getAsJsonObject();
        assertThat(first.getAsJsonObject("direct").getAsJsonArray("runs_ms")).hasSize(2);
        assertThat(first.getAsJsonObject("proxy").get("p99_us").getAsDouble()).isPositive();

        for (Experiment e : Experiment.values()) {
            BufferedImage png = ImageIO.read(dir.resolve("figure-" + e.id + ".png").toFile());
            assertThat(png).as(e.id + " png").isNotNull();
            assertThat(png.getWidth()).isPositive();
            var svg = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(dir.resolve("figure-" + e.id + ".svg").toFile());
            assertThat(svg.getDocumentElement().getTagName()).isEqualTo("svg");
            assertThat(ImageIO.read(dir.resolve("figure-" + e.id + "-clients.png").toFile())).isNotNull();
        }
    }

    @Test
    void badClientsAndQuickWithFullExitWithTwo() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream());
        PrintStream errs = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertThat(StudyBenchmark.run(new String[] {"--clients", "0"}, quiet, errs)).isEqualTo(2);
        assertThat(StudyBenchmark.run(new String[] {"--quick", "--full"}, quiet, errs)).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--clients", "--quick and --full");
    }

    @Test
    void fullMeansTheStudysGridTwentyRunsAndThreeClientCounts() {
        StudySettings s = StudySettings.parse(new String[] {"--full"});
        assertThat(s.runs()).isEqualTo(20);
        assertThat(s.tickets()).isEqualTo(75_000);
        assertThat(s.clients()).containsExactly(1, 8, 64);
        assertThat(s.sizes().get(Experiment.GET_SINGLE)).containsExactly(1_000, 5_000, 10_000, 20_000, 40_000);
    }

    @Test
    void backendIsAConnectionStringAndARealClusterTakesNoLatencyModel() {
        assertThat(StudySettings.parse(new String[] {"--backend", "embedded:/tmp/study"}).backend().kind())
                .isEqualTo(io.relationshiplayer.fdb.BackendSpec.Kind.DURABLE);
        assertThat(StudySettings.parse(new String[] {"--backend", "fdb:"}).backend().kind())
                .isEqualTo(io.relationshiplayer.fdb.BackendSpec.Kind.FDB);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> StudySettings.parse(new String[] {"--backend", "fdb:",
            "--latency", "cluster"})).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--latency");
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
