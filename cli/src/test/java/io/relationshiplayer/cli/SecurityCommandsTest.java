package io.relationshiplayer.cli;

import static io.relationshiplayer.cli.CliRun.rl;
import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.server.RunningServer;
import io.relationshiplayer.server.ServerConfig;
import io.relationshiplayer.server.ServerSecurity;
import io.relationshiplayer.server.TestCertificates;
import io.relationshiplayer.server.TlsConfig;
import io.relationshiplayer.server.auth.TokenFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** {@code rl token}, {@code rl server}'s refusals, and {@code rl sql} against a server with TLS and tokens. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SecurityCommandsTest {
    Path dir;
    Path ca;
    String adminToken;
    String readerToken;
    RunningServer server;
    String connect;

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        this.dir = dir;
        TestCertificates.Authority authority = TestCertificates.authority(dir, "cli");
        ca = authority.certFile();
        TestCertificates.Pem cert = authority.issue("server");
        Path tokens = dir.resolve("tokens.txt");
        CliRun admin = rl("token", "admin", "--grant", "shop=admin", "--append", tokens.toString());
        CliRun reader = rl("token", "reader", "-g", "shop=read", "--append", tokens.toString());
        assertThat(admin.exitCode()).as(admin.err()).isZero();
        assertThat(reader.exitCode()).as(reader.err()).isZero();
        adminToken = admin.out().strip();
        readerToken = reader.out().strip();
        server = RunningServer.start(ServerConfig.defaults().withAccessLog(line -> { })
                .withSecurity(new ServerSecurity(new TlsConfig(cert.cert(), cert.key(), null), TokenFile.load(tokens))));
        connect = "127.0.0.1:" + server.port();
    }

    @AfterAll
    void stop() {
        server.close();
    }

    private CliRun sql(String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("sql", "--connect", connect, "-d", "shop"));
        args.addAll(List.of(extra));
        return rl(args.toArray(new String[0]));
    }

    @Test
    void tokenPrintsATokenAndItsAuthFileLine() {
        CliRun r = rl("token", "carol", "--grant", "app=write", "-g", "*=read");
        assertThat(r.exitCode()).isZero();
        String[] lines = r.out().strip().split("\n");
        assertThat(lines).hasSize(2);
        assertThat(lines[0]).startsWith("rl_").doesNotContain(" ");
        assertThat(lines[1]).isEqualTo("carol " + TokenFile.hash(lines[0]) + " app=write,*=read");
        assertThat(TokenFile.parse("out", List.of(lines[1])).authenticate(lines[0]).orElseThrow().name())
                .isEqualTo("carol");
        assertThat(r.err()).contains("stored nowhere");
    }

    @Test
    void tokenRefusesBadGrantsNamesAndDuplicates() throws Exception {
        assertThat(rl("token", "carol", "--grant", "app=owner").exitCode()).isEqualTo(2);
        assertThat(rl("token", "carol", "--grant", "app").err()).contains("invalid grant 'app'");
        assertThat(rl("token", "car ol", "--grant", "app=read").err()).contains("invalid name");
        assertThat(rl("token", "carol").exitCode()).as("a grant is required").isEqualTo(2);
        Path file = dir.resolve("dup.txt");
        assertThat(rl("token", "dave", "-g", "a=read", "--append", file.toString()).exitCode()).isZero();
        CliRun again = rl("token", "dave", "-g", "b=read", "--append", file.toString());
        assertThat(again.exitCode()).isEqualTo(2);
        assertThat(again.err()).contains("not appended").contains("line 2: principal 'dave' is defined twice");
        assertThat(Files.readAllLines(file)).hasSize(1);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    }

    @Test
    void serverRefusesToListenBeyondLoopbackWithoutAuthentication() throws Exception {
        CliRun r = rl("server", "--memory", "--host", "0.0.0.0", "--port", "0");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("refusing to serve 0.0.0.0 without authentication");
        CliRun none = rl("server", "--memory", "--host", "0.0.0.0", "--port", "0", "--auth", "none");
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.err()).contains("refusing to serve 0.0.0.0");
        assertThat(rl("server", "--memory", "--auth", "tokens").err()).contains("--auth takes only 'none'");
        assertThat(rl("server", "--memory", "--tls-cert", ca.toString()).err())
                .contains("--tls-cert and --tls-key go together");
        Path bad = Files.writeString(dir.resolve("bad-tokens.txt"), "alice nothash a=read\n");
        CliRun badFile = rl("server", "--memory", "--auth-file", bad.toString());
        assertThat(badFile.exitCode()).isEqualTo(2);
        assertThat(badFile.err()).contains(bad + " line 1: the token hash must be sha256:");
        assertThat(ServerSecurityOptions.loopback("127.0.0.1")).isTrue();
        assertThat(ServerSecurityOptions.loopback("::1")).isTrue();
        assertThat(ServerSecurityOptions.loopback("localhost")).isTrue();
        assertThat(ServerSecurityOptions.loopback("0.0.0.0")).isFalse();
    }

    @Test
    void loopbackWithoutAuthenticationWarnsUnlessAuthNoneSaysItIsMeant() throws Exception {
        java.io.StringWriter err = new java.io.StringWriter();
        ServerSecurityOptions defaults = new ServerSecurityOptions();
        ServerSecurity open = defaults.security("127.0.0.1", new java.io.PrintWriter(err));
        assertThat(open.tokens()).isNull();
        assertThat(open.tls()).isNull();
        assertThat(err.toString()).contains("warning: no authentication");
        java.io.StringWriter quiet = new java.io.StringWriter();
        ServerSecurityOptions none = new ServerSecurityOptions();
        none.auth = "none";
        assertThat(none.security("localhost", new java.io.PrintWriter(quiet)).describe())
                .isEqualTo("plaintext, no authentication");
        assertThat(quiet.toString()).isEmpty();
    }

    @Test
    void sqlConnectsWithTlsAndAToken() {
        CliRun create = sql("--ca-file", ca.toString(), "--token", adminToken,
                "CREATE TABLE t (id BIGINT PRIMARY KEY, v VARCHAR(5))", "INSERT INTO t VALUES (1, 'a')");
        assertThat(create.exitCode()).as(create.err()).isZero();
        CliRun read = sql("--tls", "--ca-file", ca.toString(), "--token", readerToken, "--format", "csv",
                "SELECT v FROM t");
        assertThat(read.exitCode()).as(read.err()).isZero();
        assertThat(read.out()).contains("a");
        CliRun write = sql("--ca-file", ca.toString(), "--token", readerToken, "INSERT INTO t VALUES (2, 'b')");
        assertThat(write.exitCode()).isEqualTo(1);
        assertThat(write.out() + write.err()).contains("reader has no write access to database 'shop'")
                .contains("42501");
    }

    @Test
    void sqlWithoutTokenOrTlsIsRefused() {
        CliRun noToken = sql("--ca-file", ca.toString(), "SELECT 1");
        assertThat(noToken.exitCode()).isEqualTo(1);
        assertThat(noToken.err()).contains("missing credentials");
        CliRun wrong = sql("--ca-file", ca.toString(), "--token", "rl_wrong", "SELECT 1");
        assertThat(wrong.err()).contains("invalid token");
        CliRun plaintext = sql("--token", adminToken, "SELECT 1");
        assertThat(plaintext.exitCode()).isEqualTo(1);
        assertThat(plaintext.err()).contains("cannot reach " + connect);
        CliRun untrusted = sql("--tls", "--token", adminToken, "SELECT 1");
        assertThat(untrusted.exitCode()).isEqualTo(1);
        assertThat(untrusted.err()).contains("cannot reach " + connect);
        CliRun clear = rl("sql", "--connect", "0.0.0.0:" + server.port(), "--token", adminToken, "SELECT 1");
        assertThat(clear.exitCode()).isEqualTo(1);
        assertThat(clear.err()).contains("warning: sending the token to 0.0.0.0 without TLS");
        assertThat(clear.err()).doesNotContain(adminToken);
        assertThat(plaintext.err()).as("no warning on loopback").doesNotContain("warning");
        CliRun local = rl("sql", "--tls", "SELECT 1");
        assertThat(local.exitCode()).isEqualTo(1);
        assertThat(local.err()).contains("need --connect");
    }
}
