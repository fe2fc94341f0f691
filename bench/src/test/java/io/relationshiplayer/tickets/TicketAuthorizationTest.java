package io.relationshiplayer.tickets;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.BindableService;
import io.grpc.Status;
import io.relationshiplayer.access.Role;
import io.relationshiplayer.client.ClientSecurity;
import io.relationshiplayer.client.RecordClientException;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.records.grpc.RecordServiceImpl;
import io.relationshiplayer.server.SecureServer;
import io.relationshiplayer.server.ServerSecurity;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The study's Ticket layer on a server with bearer tokens: the roles it needs (moved from RecordAuthorizationTest). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TicketAuthorizationTest {
    static final SecureServer.Principal ROOT = new SecureServer.Principal("root", "rl_root", Map.of("*", Role.ADMIN));
    static final SecureServer.Principal READER = new SecureServer.Principal("reader", "rl_reader",
            Map.of("shop", Role.READ));
    static final SecureServer.Principal WRITER = new SecureServer.Principal("writer", "rl_writer",
            Map.of("shop", Role.WRITE, TicketSchema.DATABASE, Role.WRITE));

    SecureServer server;

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        server = SecureServer.start(new ServerSecurity(null, SecureServer.tokens(dir, List.of(ROOT, READER, WRITER))),
                TicketAuthorizationTest::services);
    }

    private static List<BindableService> services(RecordStores stores, Executor streams) {
        return List.of(new RecordServiceImpl(stores, streams));
    }

    @AfterAll
    void stop() throws Exception {
        server.close();
    }

    @Test
    void theTicketLayerNeedsAdminToSetUpAndWriteToUse() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> GrpcTicketLayer.open(
                server.channel(ClientSecurity.token(WRITER.token())), "writer"))
                .isInstanceOfSatisfying(RecordClientException.class,
                        e -> assertThat(e.code()).isEqualTo(Status.Code.PERMISSION_DENIED))
                .hasMessageContaining("PERMISSION_DENIED").hasMessageContaining("no admin access");
        GrpcTicketLayer.open(server.channel(ClientSecurity.token(ROOT.token())), "root");
        GrpcTicketLayer tickets = GrpcTicketLayer.open(server.channel(ClientSecurity.token(WRITER.token())),
                "writer");
        tickets.save(new RandomTickets(new java.util.Random(1)).next(7));
        assertThat(tickets.load(7).getId()).isEqualTo(7);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> GrpcTicketLayer.open(
                server.channel(ClientSecurity.token(READER.token())), "reader"))
                .hasMessageContaining("PERMISSION_DENIED").hasMessageContaining("no read access");
    }
}
