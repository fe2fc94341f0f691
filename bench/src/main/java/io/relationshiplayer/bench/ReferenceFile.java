package io.relationshiplayer.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.annotation.Nonnull;

/**
 * A file of published figures (the repository's {@code reference/} folder, which the build puts in the bench jar):
 * its lines and where they came from. A file the user names is read instead.
 *
 * @param lines  the file's lines
 * @param source the path read, or {@code reference/NAME} for the copy in the jar
 */
public record ReferenceFile(List<String> lines, String source) {
    /** The lines of {@code explicit} if given, else of the shipped {@code reference/name}. */
    @Nonnull
    public static ReferenceFile read(@Nonnull String name, @Nonnull Optional<Path> explicit) throws IOException {
        if (explicit.isPresent()) {
            Path p = explicit.get();
            return new ReferenceFile(Files.readAllLines(p), p.toAbsolutePath().normalize().toString());
        }
        try (InputStream in = ReferenceFile.class.getResourceAsStream("/reference/" + name)) {
            if (in == null) {
                throw new UncheckedIOException(new IOException("reference/" + name + " is not in the bench jar: "
                        + "rebuild it (mvn -pl bench -am package)"));
            }
            return new ReferenceFile(new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList(),
                    "reference/" + name);
        }
    }
}
