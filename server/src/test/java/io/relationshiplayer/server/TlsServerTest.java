package io.relationshiplayer.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.grpc.BindableService;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.relationshiplayer.client.ClientSecurity;
import io.relationshiplayer.proto.v1.CreateDatabaseRequest;
import io.relationshiplayer.proto.v1.ListDatabasesRequest;
import io.relationshiplayer.proto.v1.RecordServiceGrpc;
import io.relationshiplayer.records.grpc.RecordServiceImpl;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** TLS and mutual TLS on a real server: who gets through the handshake, who does not. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TlsServerTest {
    Path dir;
    TestCertificates.Authority serverCa;
    TestCertificates.Authority clientCa;
    TestCertificates.Authority otherCa;
    TestCertificates.Pem serverCert;
    SecureServer tls;
    SecureServer mutual;

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        this.dir = dir;
        serverCa = TestCertificates.authority(dir, "server");
        clientCa = TestCertificates.authority(dir, "clients");
        otherCa = TestCertificates.authority(dir, "other");
        serverCert = serverCa.issue("rl-server");
        tls = SecureServer.start(new ServerSecurity(new TlsConfig(serverCert.cert(), serverCert.key(), null), null),
                TlsServerTest::services);
        mutual = SecureServer.start(new ServerSecurity(new TlsConfig(serverCert.cert(), serverCert.key(),
                clientCa.certFile()), null), TlsServerTest::services);
    }

    private static List<BindableService> services(io.relationshiplayer.records.RecordStores stores,
                                                  java.util.concurrent.Executor streams) {
        return List.of(new RecordServiceImpl(stores, streams));
    }

    @AfterAll
    void stop() throws Exception {
        tls.close();
        mutual.close();
    }

    private static RecordServiceGrpc.RecordServiceBlockingStub stub(ManagedChannel c) {
        return RecordServiceGrpc.newBlockingStub(c).withDeadlineAfter(20, TimeUnit.SECONDS);
    }

    private static void assertRefused(ManagedChannel c) {
        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class,
                () -> stub(c).listDatabases(ListDatabasesRequest.getDefaultInstance()));
        assertThat(e).as("the call must fail").isNotNull();
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
    }

    private ClientSecurity trusting(Path ca) {
        return new ClientSecurity(true, ca, null, null, null);
    }

    @Test
    void tlsClientTrustingTheServersCaIsServed() {
        RecordServiceGrpc.RecordServiceBlockingStub s = stub(tls.channel(trusting(serverCa.certFile())));
        s.createDatabase(CreateDatabaseRequest.newBuilder().setDatabase("over_tls").build());
        assertThat(s.listDatabases(ListDatabasesRequest.getDefaultInstance()).getDatabasesList())
                .contains("over_tls");
    }

    @Test
    void plaintextClientIsRefused() {
        assertRefused(tls.channel(ClientSecurity.plaintext()));
    }

    @Test
    void clientTrustingAnotherCaRefusesTheServer() {
        assertRefused(tls.channel(trusting(otherCa.certFile())));
    }

    @Test
    void mutualTlsServesAClientWithACertificateOfTheClientCa() throws Exception {
        TestCertificates.Pem client = clientCa.issue("app");
        ManagedChannel c = mutual.channel(new ClientSecurity(true, serverCa.certFile(), client.cert(), client.key(),
                null));
        assertThat(stub(c).listDatabases(ListDatabasesRequest.getDefaultInstance())).isNotNull();
    }

    @Test
    void mutualTlsRefusesAClientWithoutCertificate() {
        assertRefused(mutual.channel(trusting(serverCa.certFile())));
    }

    @Test
    void mutualTlsRefusesACertificateOfAnotherCa() throws Exception {
        TestCertificates.Pem stranger = otherCa.issue("stranger");
        assertRefused(mutual.channel(new ClientSecurity(true, serverCa.certFile(), stranger.cert(), stranger.key(),
                null)));
    }

    @Test
    void mutualTlsRefusesAServerCertificateUsedAsClientCertificateOfTheWrongCa() throws Exception {
        // signed by the server CA, which the server does not trust for clients
        assertRefused(mutual.channel(new ClientSecurity(true, serverCa.certFile(), serverCert.cert(),
                serverCert.key(), null)));
    }

    @Test
    void missingCertificateFileIsAClearError() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new TlsConfig(dir.resolve("none.pem"),
                serverCert.key(), null)).hasMessageContaining("none.pem does not exist");
    }
}
