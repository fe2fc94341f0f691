package io.relationshiplayer.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.CreateDatabaseRequest;
import io.relationshiplayer.proto.v1.ListDatabasesRequest;
import io.relationshiplayer.proto.v1.RecordServiceGrpc;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The composition root serving a backend its caller owns (a benchmark's direct path shares it). */
class RunningServerTest {
    @Test
    void aBackendTheCallerOwnsIsServedAndStaysOpenAfterTheServerCloses() throws Exception {
        try (Backend backend = Backend.open("embedded:memory")) {
            try (RunningServer server = RunningServer.start(ServerConfig.defaults(), backend)) {
                assertThat(server.backend()).isSameAs(backend);
                assertThat(server.metricsHttp()).isNull();
                assertThat(server.target()).isEqualTo("127.0.0.1:" + server.port());
                ManagedChannel channel = NettyChannelBuilder.forTarget(server.target()).usePlaintext().build();
                try {
                    RecordServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS)
                            .createDatabase(CreateDatabaseRequest.newBuilder().setDatabase("shared").build());
                } finally {
                    channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
                }
            }
            try (RunningServer again = RunningServer.start(ServerConfig.defaults(), backend)) {
                ManagedChannel channel = NettyChannelBuilder.forTarget(again.target()).usePlaintext().build();
                try {
                    assertThat(RecordServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS)
                            .listDatabases(ListDatabasesRequest.getDefaultInstance()).getDatabasesList())
                            .contains("shared");
                } finally {
                    channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
                }
            }
        }
    }
}
