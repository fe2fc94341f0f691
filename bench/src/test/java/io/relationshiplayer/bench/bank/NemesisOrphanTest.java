package io.relationshiplayer.bench.bank;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run of {@code rl bench bank --nemesis} that ends before it closes its nemesis (Ctrl-C, SIGTERM: the JVM runs its
 * shutdown hooks, not its try-with-resources) takes its server child with it: the child used to stay, orphaned, on its
 * port and its durable directory.
 */
class NemesisOrphanTest {
    /** Run as a JVM of its own by the test: starts a nemesis' server child, prints its pid, ends without close(). */
    public static void main(String[] args) throws Exception {
        Nemesis nemesis = Nemesis.start(Path.of(args[0]), System.err, Nemesis.Fault.KILL, 1, 64);
        System.out.println(nemesis.childPid());
        System.out.flush();
        System.exit(0);
    }

    @Test
    void aJvmThatEndsBeforeClosingItsNemesisKillsTheServerChild(@TempDir Path dir) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path log = dir.resolve("parent.log");
        Process parent = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                NemesisOrphanTest.class.getName(), dir.resolve("db").toString())
                .redirectError(log.toFile()).start();
        String out = new String(parent.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(parent.waitFor(120, TimeUnit.SECONDS)).as("the parent JVM ended").isTrue();
        assertThat(out).as("the child's pid; parent's stderr:%n%s", Files.readString(log)).matches("[0-9]+");
        Optional<ProcessHandle> child = ProcessHandle.of(Long.parseLong(out));
        try {
            assertThat(child.map(ProcessHandle::isAlive).orElse(false)).as("the server child outlived its parent")
                    .isFalse();
        } finally {
            child.ifPresent(ProcessHandle::destroyForcibly);
        }
    }
}
