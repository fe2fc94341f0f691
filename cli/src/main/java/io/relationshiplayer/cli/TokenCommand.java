package io.relationshiplayer.cli;

import io.relationshiplayer.access.Role;
import io.relationshiplayer.server.auth.TokenFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code rl token}: a new random bearer token for a principal, and its line for the server's auth file. */
@Command(name = "token", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Creates a random bearer token for a principal. Prints the token (give it to the client; it is "
                + "stored nowhere) and the principal's line for `rl server --auth-file` (the token's SHA-256, the "
                + "grants), or appends that line to the file with --append.",
            "Auth file line: NAME sha256:HEX DATABASE=ROLE[,DATABASE=ROLE...]; roles read, write (implies read), "
                + "admin (DDL and schema; implies write); * is every database."})
final class TokenCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "NAME", description = "The principal (letters, digits, _ . @ -).")
    String name;

    @Option(names = {"-g", "--grant"}, paramLabel = "DATABASE=ROLE", required = true, split = ",",
            description = "A role on a database (repeatable or comma-separated): app=write, reports=read, *=admin.")
    List<String> grants;

    @Option(names = "--append", paramLabel = "FILE",
            description = "Append the line to this auth file (created readable by its owner only) and print only "
                    + "the token.")
    Path append;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Map<String, Role> parsed;
        String token = TokenFile.newToken();
        String line;
        try {
            parsed = new LinkedHashMap<>(TokenFile.parseGrants(String.join(",", grants)));
            line = TokenFile.line(name, token, parsed);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (append == null) {
            out.println(token);
            out.println(line);
            out.flush();
            err.println("rl token: first line: the token for " + name + " (give it to the client; it is stored "
                    + "nowhere); second line: the line for the auth file");
            err.flush();
            return 0;
        }
        List<String> lines = new ArrayList<>();
        if (Files.exists(append)) {
            lines.addAll(Files.readAllLines(append, StandardCharsets.UTF_8));
        }
        lines.add(line);
        try {
            TokenFile.parse(append.toString(), lines);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "not appended: " + e.getMessage());
        }
        if (!Files.exists(append)) {
            createPrivate(append);
        }
        String text = Files.size(append) > 0 && !endsWithNewline(append) ? "\n" + line + "\n" : line + "\n";
        Files.writeString(append, text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        out.println(token);
        out.flush();
        err.println("rl token: " + name + " appended to " + append + "; the token above is stored nowhere");
        err.flush();
        return 0;
    }

    private static void createPrivate(Path file) throws IOException {
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            Files.createFile(file);
        }
    }

    private static boolean endsWithNewline(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        return bytes.length == 0 || bytes[bytes.length - 1] == '\n';
    }
}
