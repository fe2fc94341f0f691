package io.relationshiplayer.cli;

import io.relationshiplayer.cli.dump.DatabaseDump;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code rl dump}: a SQL script that recreates a database (pg_dump's plain format), for {@code rl sql -f}. */
@Command(name = "dump", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"Writes a SQL script that recreates the database: its tables (in foreign-key order; a foreign "
                + "key in a cycle is added by ALTER TABLE at the end), their indexes, its views, then its rows as "
                + "INSERT statements of up to 1,000 rows in primary-key order. Load it with rl sql -f FILE.",
                "The database must exist (3D000 when not)."})
final class DumpCommand implements Callable<Integer> {
    @Mixin
    ConnectionOptions connection = new ConnectionOptions();

    @CommandLine.ArgGroup(exclusive = true)
    Only only;

    static final class Only {
        @Option(names = "--schema-only", required = true, description = "Only the schema: no rows.")
        boolean schema;

        @Option(names = "--data-only", required = true, description = "Only the rows (INSERT statements), in "
                + "foreign-key order, for a database that has the schema.")
        boolean data;
    }

    @Option(names = {"-f", "--file"}, paramLabel = "FILE", description = "Write to FILE instead of standard output.")
    Path file;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        DatabaseDump.Part part = only == null ? DatabaseDump.Part.BOTH : only.schema ? DatabaseDump.Part.SCHEMA
                : DatabaseDump.Part.DATA;
        try (ConnectionOptions.Connection c = connection.open(true)) {
            if (file == null) {
                new DatabaseDump(c.client(), spec.commandLine().getOut()).write(part);
                return 0;
            }
            Path partial = file.resolveSibling(file.getFileName() + ".partial");
            try (PrintWriter out = new PrintWriter(new OutputStreamWriter(Files.newOutputStream(partial),
                    StandardCharsets.UTF_8))) {
                new DatabaseDump(c.client(), out).write(part);
                if (out.checkError()) {
                    throw new UncheckedIOException(new IOException("cannot write " + file));
                }
            } catch (RuntimeException e) {
                Files.deleteIfExists(partial);
                throw e;
            }
            // a dump cut short by an error never takes the name of a whole one
            Files.move(partial, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            return 0;
        }
    }
}
