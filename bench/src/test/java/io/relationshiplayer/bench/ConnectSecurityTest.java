package io.relationshiplayer.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.client.ClientSecurity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConnectSecurityTest {
    @Test
    void takesTheSecurityOptionsOutAndLeavesTheBenchmarksOwn(@TempDir Path dir) throws Exception {
        Path ca = Files.writeString(dir.resolve("ca.pem"), "not parsed here");
        List<String> args = new ArrayList<>(List.of("--quick", "--connect", "db:7470", "--ca-file", ca.toString(),
                "--token", "rl_t", "--seed", "3"));
        ClientSecurity s = ConnectSecurity.take(args);
        assertThat(args).containsExactly("--quick", "--connect", "db:7470", "--seed", "3");
        assertThat(s.tls()).as("a CA file implies TLS").isTrue();
        assertThat(s.caFile()).isEqualTo(ca);
        assertThat(s.token()).isEqualTo("rl_t");
        assertThat(s.toString()).doesNotContain("rl_t");
    }

    @Test
    void plaintextWithoutOptionsAndClearErrors() {
        List<String> args = new ArrayList<>(List.of("--tls"));
        assertThat(ConnectSecurity.take(args).tls()).isTrue();
        assertThat(args).isEmpty();
        assertThat(ConnectSecurity.take(new ArrayList<>(List.of("--quick"))).tls()).isFalse();
        assertThatThrownBy(() -> ConnectSecurity.take(new ArrayList<>(List.of("--token"))))
                .hasMessageContaining("missing value after --token");
        assertThatThrownBy(() -> ConnectSecurity.take(new ArrayList<>(List.of("--cert", "c.pem"))))
                .hasMessageContaining("needs its key");
    }
}
