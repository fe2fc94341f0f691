package io.relationshiplayer.sql.files;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/**
 * Runs every {@code src/test/resources/sqltest/**}{@code /*.sqltest} file, each in a fresh database of its own, one
 * dynamic test per block (named file:line). {@code -Dsqltest.only=<text>} runs only the files whose path contains
 * the text. Blocks marked {@code -- skip: reason} are reported as skipped.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlFileTest {
    private final SqlFiles files = new SqlFiles(file -> new SqlTestDatabase());

    @TestFactory
    Stream<DynamicNode> sqlFiles() throws IOException {
        String only = System.getProperty("sqltest.only", "");
        return files.under(root(), file -> file.contains(only));
    }

    @AfterAll
    void closeDatabases() {
        files.close();
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
