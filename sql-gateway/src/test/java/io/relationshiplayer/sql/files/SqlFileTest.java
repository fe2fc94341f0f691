package io.relationshiplayer.sql.files;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/**
 * Runs every {@code src/test/resources/sqltest/**}{@code /*.sqltest} file, each in a fresh database of its own, one
 * dynamic test per block (named file:line). {@code -Dsqltest.only=<text>} runs only the files whose path contains
 * the text. Blocks marked {@code -- skip: reason} are reported as skipped.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlFileTest {
    private final List<SqlTestDatabase> open = new ArrayList<>();

    @TestFactory
    Stream<DynamicNode> sqlFiles() throws IOException {
        Path root = root();
        String only = System.getProperty("sqltest.only", "");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(p -> p.toString().endsWith(".sqltest"))
                    .filter(p -> root.relativize(p).toString().contains(only))
                    .sorted().collect(Collectors.toList());
        }
        SqlTestParser parser = new SqlTestParser(root, true);
        return files.stream().map(f -> file(root.relativize(f).toString(), () -> parser.parse(f)));
    }

    private DynamicNode file(String name, java.util.function.Supplier<List<SqlTestCase>> cases) {
        List<SqlTestCase> parsed;
        try {
            parsed = cases.get();
        } catch (IllegalArgumentException e) {
            return DynamicTest.dynamicTest(name + ": cannot be read", () -> {
                throw e;
            });
        }
        FileRun run = new FileRun();
        return DynamicContainer.dynamicContainer(name, parsed.stream().map(c ->
                DynamicTest.dynamicTest(c.displayName(), () -> run.run(c))));
    }

    /** The database of one file, opened by its first block; the previous file's is closed then. */
    private final class FileRun {
        private SqlTestDatabase db;

        void run(SqlTestCase c) {
            if (db == null) {
                open.forEach(SqlTestDatabase::close);
                open.clear();
                db = new SqlTestDatabase();
                open.add(db);
            }
            db.switchSession(c);
            if (c.skip() != null) {
                Assumptions.abort(SqlTestDatabase.where(c) + "skip: " + c.skip());
            }
            db.run(c);
        }
    }

    @AfterAll
    void closeDatabases() {
        open.forEach(SqlTestDatabase::close);
        open.clear();
    }

    static Path root() {
        URL url = SqlFileTest.class.getClassLoader().getResource("sqltest");
        if (url == null) {
            throw new IllegalStateException("no sqltest directory on the test class path");
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
