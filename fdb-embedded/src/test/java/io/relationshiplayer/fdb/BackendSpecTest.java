package io.relationshiplayer.fdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class BackendSpecTest {
    @Test
    void parsesEveryAcceptedForm() {
        assertThat(BackendSpec.parse("embedded:memory")).isEqualTo(BackendSpec.memory());
        assertThat(BackendSpec.parse("embedded:/var/lib/rl")).isEqualTo(BackendSpec.durable(Path.of("/var/lib/rl")));
        assertThat(BackendSpec.parse("fdb:")).isEqualTo(BackendSpec.fdb(null));
        assertThat(BackendSpec.parse("fdb:/etc/foundationdb/fdb.cluster").clusterFile())
                .isEqualTo("/etc/foundationdb/fdb.cluster");
    }

    @Test
    void printsBackTheConnectionString() {
        for (String s : new String[] {"embedded:memory", "embedded:data", "fdb:", "fdb:x.cluster"}) {
            assertThat(BackendSpec.parse(s).toString()).isEqualTo(s);
        }
    }

    @Test
    void badStringsNameTheAcceptedForms() {
        for (String bad : new String[] {"", "  ", "postgres://x", "embedded:", "memory"}) {
            assertThatThrownBy(() -> BackendSpec.parse(bad))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("embedded:memory, embedded:<dir>, fdb: or fdb:<cluster-file>");
        }
    }
}
