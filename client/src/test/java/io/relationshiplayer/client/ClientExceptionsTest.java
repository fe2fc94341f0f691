package io.relationshiplayer.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.protobuf.Any;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.relationshiplayer.proto.v1.SqlError;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Failures as the client reports them, from statuses as the server builds them and from a real refused port. */
class ClientExceptionsTest {
    private static StatusRuntimeException refusal(Status.Code code, String state, int line, int column) {
        SqlError error = SqlError.newBuilder().setSqlstate(state).setMessage("it failed").setLine(line)
                .setColumn(column).build();
        return StatusProto.toStatusRuntimeException(com.google.rpc.Status.newBuilder().setCode(code.value())
                .setMessage("it failed").addDetails(Any.pack(error)).build());
    }

    @Test
    void aSqlErrorDetailGivesStateAndPosition() {
        SqlClientException e = SqlClientException.from(refusal(Status.Code.INVALID_ARGUMENT, "42601", 2, 7));
        assertThat(e.sqlState()).isEqualTo("42601");
        assertThat(e.detail()).isEqualTo("it failed");
        assertThat(e.getMessage()).isEqualTo("it failed (SQLSTATE 42601)");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(7);
        assertThat(e.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
    }

    @Test
    void withoutDetailTheStateFollowsTheCode() {
        SqlClientException e = SqlClientException.from(Status.UNAUTHENTICATED.withDescription("no token")
                .asRuntimeException());
        assertThat(e.sqlState()).isEqualTo("28000");
        assertThat(e.detail()).isEqualTo("no token");
        assertThat(SqlClientException.from(Status.CANCELLED.asRuntimeException()).cancelled()).isTrue();
        // a server limit refuses a call before the SQL service sees it: a limit, not an internal error
        assertThat(SqlClientException.from(Status.RESOURCE_EXHAUSTED.withDescription("limit "
                + "max-concurrent-streams-per-client=64 reached").asRuntimeException()).sqlState()).isEqualTo("54000");
    }

    @Test
    void retryableLostAndUniqueFollowStateAndCode() {
        assertThat(SqlClientException.from(refusal(Status.Code.ABORTED, "40001", 0, 0)).isRetryable()).isTrue();
        assertThat(SqlClientException.from(refusal(Status.Code.NOT_FOUND, "08003", 0, 0)).isConnectionLost())
                .isTrue();
        assertThat(SqlClientException.from(refusal(Status.Code.FAILED_PRECONDITION, "55006", 0, 0))
                .isConnectionLost()).isTrue();
        assertThat(SqlClientException.from(refusal(Status.Code.FAILED_PRECONDITION, "23503", 0, 0))
                .isConnectionLost()).isFalse();
        assertThat(SqlClientException.from(refusal(Status.Code.ALREADY_EXISTS, "23505", 0, 0)).isUniqueViolation())
                .isTrue();
        assertThat(CallFailures.sql("h:1", refusal(Status.Code.UNAVAILABLE, "08006", 0, 0)))
                .as("an UNAVAILABLE from the service itself is its refusal").isInstanceOf(SqlClientException.class);
    }

    @Test
    void aClosedPortIsUnreachableInOneLine() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        ServerUnreachableException e = catchThrowableOfType(ServerUnreachableException.class,
                () -> SqlSession.connect("127.0.0.1", port, "db"));
        assertThat(e.getMessage()).isEqualTo("cannot reach 127.0.0.1:" + port + ": connection refused");
        assertThat(e.sqlState()).isEqualTo("08006");
        assertThat(e.isConnectionLost()).isTrue();
        RecordClient records = RecordClient.connect("127.0.0.1:" + port, ClientSecurity.plaintext());
        try {
            assertThat(catchThrowableOfType(ServerUnreachableException.class, records::listDatabases).getMessage())
                    .isEqualTo("cannot reach 127.0.0.1:" + port + ": connection refused");
        } finally {
            records.close();
        }
    }

    @Test
    void securityRefusesIncompleteSettingsAndHidesTheToken(@TempDir Path dir) throws IOException {
        Path pem = Files.writeString(dir.resolve("a.pem"), "x");
        assertThatThrownBy(() -> new ClientSecurity(true, null, pem, null, null))
                .hasMessageContaining("needs its key");
        assertThatThrownBy(() -> new ClientSecurity(false, pem, null, null, null)).hasMessageContaining("needs TLS");
        assertThatThrownBy(() -> new ClientSecurity(true, dir.resolve("missing.pem"), null, null, null))
                .hasMessageContaining("not readable");
        assertThat(ClientSecurity.token("secret").toString()).doesNotContain("secret");
        assertThat(ClientSecurity.token(" ").token()).isNull();
        assertThat(ClientSecurity.target("::1", 7470)).isEqualTo("[::1]:7470");
        assertThat(ClientSecurity.target("localhost", 7470)).isEqualTo("localhost:7470");
    }
}
