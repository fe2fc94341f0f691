package io.relationshiplayer.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.access.Role;
import io.relationshiplayer.server.RunningServer;
import io.relationshiplayer.server.SecureServer;
import io.relationshiplayer.server.ServerConfig;
import io.relationshiplayer.server.ServerSecurity;
import io.relationshiplayer.server.TestCertificates;
import io.relationshiplayer.server.TlsConfig;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ssl, sslrootcert and token against a server with TLS and tokens. */
class SecurityTest {
    @Test
    void tlsWithTheCaAndATokenConnectAndWithoutThemTheServerRefuses(@TempDir Path dir) throws Exception {
        TestCertificates.Authority ca = TestCertificates.authority(dir, "server");
        TestCertificates.Pem cert = ca.issue("rl-server");
        ServerSecurity security = new ServerSecurity(new TlsConfig(cert.cert(), cert.key(), null),
                SecureServer.tokens(dir, List.of(new SecureServer.Principal("dba", "rl_dba",
                        Map.of("*", Role.ADMIN)))));
        try (RunningServer server = RunningServer.start(ServerConfig.defaults().withSecurity(security))) {
            String url = "jdbc:rl://127.0.0.1:" + server.port() + "/secure";
            Properties p = new Properties();
            p.setProperty("sslrootcert", ca.certFile().toString());
            p.setProperty("token", "rl_dba");
            try (Connection c = DriverManager.getConnection(url, p); Statement st = c.createStatement()) {
                st.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)");
                st.execute("INSERT INTO t VALUES (1)");
                try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM t")) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getLong(1)).isEqualTo(1);
                }
            }
            // the URL's own properties work as well
            try (Connection c = DriverManager.getConnection(url + "?ssl=true&sslrootcert=" + ca.certFile()
                    + "&token=rl_dba")) {
                assertThat(c.isValid(5)).isTrue();
            }
            Properties noToken = new Properties();
            noToken.setProperty("sslrootcert", ca.certFile().toString());
            noToken.setProperty("token", "rl_wrong");
            assertThatThrownBy(() -> DriverManager.getConnection(url, noToken))
                    .isInstanceOf(SQLInvalidAuthorizationSpecException.class)
                    .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("28000");
            Properties plaintext = new Properties();
            plaintext.setProperty("token", "rl_dba");
            assertThatThrownBy(() -> DriverManager.getConnection(url, plaintext))
                    .isInstanceOf(SQLNonTransientConnectionException.class);
        }
    }
}
