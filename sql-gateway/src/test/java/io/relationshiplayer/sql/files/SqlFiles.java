package io.relationshiplayer.sql.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;

/**
 * {@code .sqltest} files as dynamic tests: a container per file, a test per block (named file:line), each file run
 * in a database of its own from {@code databases} (given the file's name), opened by its first block and closed when
 * the next file's opens, or by {@link #close()}. Blocks marked {@code -- skip: reason} are reported as skipped.
 */
final class SqlFiles implements AutoCloseable {
    private final Function<String, SqlTestDatabase> databases;
    private final List<SqlTestDatabase> open = new ArrayList<>();

    SqlFiles(Function<String, SqlTestDatabase> databases) {
        this.databases = databases;
    }

    /** The files under {@code root} whose path relative to it is {@code selected}, in path order. */
    Stream<DynamicNode> under(Path root, Predicate<String> selected) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(p -> p.toString().endsWith(".sqltest"))
                    .filter(p -> selected.test(root.relativize(p).toString()))
                    .sorted().collect(Collectors.toList());
        }
        SqlTestParser parser = new SqlTestParser(root, true);
        return files.stream().map(f -> file(root.relativize(f).toString(), () -> parser.parse(f)));
    }

    private DynamicNode file(String name, Supplier<List<SqlTestCase>> cases) {
        List<SqlTestCase> parsed;
        try {
            parsed = cases.get();
        } catch (IllegalArgumentException e) {
            return DynamicTest.dynamicTest(name + ": cannot be read", () -> {
                throw e;
            });
        }
        FileRun run = new FileRun(name);
        return DynamicContainer.dynamicContainer(name, parsed.stream().map(c ->
                DynamicTest.dynamicTest(c.displayName(), () -> run.run(c))));
    }

    /** The database of one file, opened by its first block; the previous file's is closed then. */
    private final class FileRun {
        private final String name;
        private SqlTestDatabase db;

        FileRun(String name) {
            this.name = name;
        }

        void run(SqlTestCase c) {
            if (db == null) {
                close();
                db = databases.apply(name);
                open.add(db);
            }
            db.switchSession(c);
            if (c.skip() != null) {
                knownDefect(c, () -> db.run(c));
                return;
            }
            db.run(c);
        }
    }

    /**
     * A block marked {@code -- skip: reason} holds a known defect: it runs, and is reported as skipped with the reason
     * and how it still fails; once it passes, it fails, so that the fix is seen and the marker removed (strict).
     */
    static void knownDefect(SqlTestCase c, org.junit.jupiter.api.function.Executable block) {
        Throwable failure;
        try {
            block.execute();
            failure = null;
        } catch (Throwable t) {
            failure = t;
        }
        if (failure == null) {
            throw new AssertionError(SqlTestDatabase.where(c) + "the known defect \"" + c.skip()
                    + "\" no longer reproduces: the block passes; remove its -- skip: line");
        }
        Assumptions.abort(SqlTestDatabase.where(c) + "known defect: " + c.skip() + " (still fails: "
                + String.valueOf(failure.getMessage()).lines().findFirst().orElse("") + ")");
    }

    @Override
    public void close() {
        open.forEach(SqlTestDatabase::close);
        open.clear();
    }
}
