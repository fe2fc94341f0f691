package io.relationshiplayer.cli.shell;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * psql's {@code \e}: a text edited in the user's editor, on the terminal the shell runs on. The editor is, as psql
 * looks for it, the first of {@code PSQL_EDITOR}, {@code EDITOR} and {@code VISUAL} that is set (here also the shell
 * variable {@code EDITOR}, which comes first), else {@code vi}; it is run by {@code sh}, so that it may carry
 * arguments ({@code code --wait}).
 */
final class ExternalEditor {
    private ExternalEditor() {
    }

    /** The editor's command: the shell variable, then the environment, then vi. */
    static String command(String variable, Map<String, String> environment) {
        if (variable != null && !variable.isBlank()) {
            return variable;
        }
        for (String name : new String[] {"PSQL_EDITOR", "EDITOR", "VISUAL"}) {
            String v = environment.get(name);
            if (v != null && !v.isBlank()) {
                return v;
            }
        }
        return "vi";
    }

    /**
     * Edits {@code file}, or (null) a temporary file holding {@code text}; returns what the file holds once the
     * editor has exited. Fails with an IOException naming the editor when it cannot start or exits with an error.
     */
    static String edit(String command, Path file, String text) throws IOException, InterruptedException {
        Path f = file != null ? file : Files.createTempFile("rl-edit-", ".sql");
        try {
            if (file == null) {
                Files.writeString(f, text.isEmpty() || text.endsWith("\n") ? text : text + "\n",
                        StandardCharsets.UTF_8);
            }
            Process p = new ProcessBuilder("sh", "-c", command + " \"$0\"", f.toString()).inheritIO().start();
            int code = p.waitFor();
            if (code != 0) {
                throw new IOException("the editor (" + command + ") exited with code " + code);
            }
            return Files.readString(f, StandardCharsets.UTF_8);
        } finally {
            if (file == null) {
                Files.deleteIfExists(f);
            }
        }
    }
}
