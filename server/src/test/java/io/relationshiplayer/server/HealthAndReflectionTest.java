package io.relationshiplayer.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.reflection.v1.ServerReflectionGrpc;
import io.grpc.reflection.v1.ServerReflectionRequest;
import io.grpc.reflection.v1.ServerReflectionResponse;
import io.grpc.reflection.v1.ServiceResponse;
import io.grpc.stub.StreamObserver;
import io.relationshiplayer.proto.v1.RecordServiceGrpc;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.function.Executable;

/**
 * The standard health and reflection services answer next to the record and SQL services, on the product's server
 * over a loopback port; reflection in both versions clients use, v1 and v1alpha.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HealthAndReflectionTest {
    RunningServer server;
    ManagedChannel channel;

    @BeforeAll
    void start() throws Exception {
        server = RunningServer.start(ServerConfig.defaults());
        channel = NettyChannelBuilder.forTarget(server.target()).usePlaintext().build();
    }

    @AfterAll
    void stop() throws Exception {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        server.close();
    }

    @Test
    void healthIsServingForTheServerAndTheRecordService() {
        HealthGrpc.HealthBlockingStub health = HealthGrpc.newBlockingStub(channel)
                .withDeadlineAfter(10, TimeUnit.SECONDS);
        assertThat(health.check(HealthCheckRequest.newBuilder().setService("").build()).getStatus())
                .isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
        assertThat(health.check(HealthCheckRequest.newBuilder().setService(RecordServiceGrpc.SERVICE_NAME).build())
                .getStatus()).isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
        assertThat(RecordServiceGrpc.SERVICE_NAME).isEqualTo("rl.v1.RecordService");
        expectCode(Status.Code.NOT_FOUND, () -> health.check(HealthCheckRequest.newBuilder()
                .setService("no.such.Service").build()));
    }

    @Test
    void healthReportsTheSqlServiceServing() {
        HealthGrpc.HealthBlockingStub health = HealthGrpc.newBlockingStub(channel)
                .withDeadlineAfter(10, TimeUnit.SECONDS);
        assertThat(SqlServiceGrpc.SERVICE_NAME).isEqualTo("rl.v1.SqlService");
        assertThat(health.check(HealthCheckRequest.newBuilder().setService(SqlServiceGrpc.SERVICE_NAME).build())
                .getStatus()).isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
        assertThat(health.check(HealthCheckRequest.newBuilder().setService("rl.v1.RecordService").build())
                .getStatus()).isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
    }

    @Test
    void reflectionListsTheRecordServiceAndDescribesIt() throws Exception {
        List<ServerReflectionResponse> responses = new ArrayList<>();
        CompletableFuture<List<ServerReflectionResponse>> done = new CompletableFuture<>();
        StreamObserver<ServerReflectionRequest> requests = ServerReflectionGrpc.newStub(channel)
                .withDeadlineAfter(10, TimeUnit.SECONDS).serverReflectionInfo(new StreamObserver<>() {
                    @Override
                    public void onNext(ServerReflectionResponse value) {
                        responses.add(value);
                    }

                    @Override
                    public void onError(Throwable t) {
                        done.completeExceptionally(t);
                    }

                    @Override
                    public void onCompleted() {
                        done.complete(responses);
                    }
                });
        requests.onNext(ServerReflectionRequest.newBuilder().setListServices("").build());
        requests.onNext(ServerReflectionRequest.newBuilder().setFileContainingSymbol("rl.v1.RecordService").build());
        requests.onCompleted();
        List<ServerReflectionResponse> got = done.get(10, TimeUnit.SECONDS);

        assertThat(got).hasSize(2);
        assertThat(got.get(0).getListServicesResponse().getServiceList()).extracting(ServiceResponse::getName)
                .contains("rl.v1.RecordService", "grpc.health.v1.Health");
        assertThat(got.get(1).hasFileDescriptorResponse()).as("%s", got.get(1).getErrorResponse()).isTrue();
        assertThat(got.get(1).getFileDescriptorResponse().getFileDescriptorProtoCount()).isPositive();
    }

    @Test
    void reflectionV1ListsEveryService() throws Exception {
        List<ServerReflectionResponse> got = new ArrayList<>();
        CompletableFuture<Void> done = new CompletableFuture<>();
        StreamObserver<ServerReflectionRequest> requests = ServerReflectionGrpc.newStub(channel)
                .withDeadlineAfter(10, TimeUnit.SECONDS).serverReflectionInfo(collect(got, done));
        requests.onNext(ServerReflectionRequest.newBuilder().setListServices("").build());
        requests.onCompleted();
        done.get(10, TimeUnit.SECONDS);

        assertThat(got).hasSize(1);
        assertThat(got.get(0).getListServicesResponse().getServiceList()).extracting(ServiceResponse::getName)
                .contains("rl.v1.RecordService", "rl.v1.SqlService", "grpc.health.v1.Health",
                        "grpc.reflection.v1.ServerReflection", "grpc.reflection.v1alpha.ServerReflection");
    }

    @Test
    @SuppressWarnings("deprecation") // v1alpha is what older reflection clients speak
    void reflectionV1AlphaListsEveryServiceAndDescribesOne() throws Exception {
        List<io.grpc.reflection.v1alpha.ServerReflectionResponse> got = new ArrayList<>();
        CompletableFuture<Void> done = new CompletableFuture<>();
        StreamObserver<io.grpc.reflection.v1alpha.ServerReflectionRequest> requests =
                io.grpc.reflection.v1alpha.ServerReflectionGrpc.newStub(channel)
                        .withDeadlineAfter(10, TimeUnit.SECONDS).serverReflectionInfo(collect(got, done));
        requests.onNext(io.grpc.reflection.v1alpha.ServerReflectionRequest.newBuilder().setListServices("").build());
        requests.onNext(io.grpc.reflection.v1alpha.ServerReflectionRequest.newBuilder()
                .setFileContainingSymbol("rl.v1.SqlService").build());
        requests.onCompleted();
        done.get(10, TimeUnit.SECONDS);

        assertThat(got).hasSize(2);
        assertThat(got.get(0).getListServicesResponse().getServiceList())
                .extracting(io.grpc.reflection.v1alpha.ServiceResponse::getName)
                .contains("rl.v1.RecordService", "rl.v1.SqlService", "grpc.health.v1.Health",
                        "grpc.reflection.v1.ServerReflection", "grpc.reflection.v1alpha.ServerReflection");
        assertThat(got.get(1).hasFileDescriptorResponse()).as("%s", got.get(1).getErrorResponse()).isTrue();
        assertThat(got.get(1).getFileDescriptorResponse().getFileDescriptorProtoCount()).isPositive();
    }

    /** An observer that gathers every response into {@code into} and completes {@code done} with the stream. */
    private static <T> StreamObserver<T> collect(List<T> into, CompletableFuture<Void> done) {
        return new StreamObserver<>() {
            @Override
            public void onNext(T value) {
                into.add(value);
            }

            @Override
            public void onError(Throwable t) {
                done.completeExceptionally(t);
            }

            @Override
            public void onCompleted() {
                done.complete(null);
            }
        };
    }

    /** Runs {@code call}, which must fail with {@code code}. */
    private static StatusRuntimeException expectCode(Status.Code code, Executable call) {
        Throwable t = catchThrowable(call::execute);
        assertThat(t).as("the call should fail with %s", code).isInstanceOf(StatusRuntimeException.class);
        StatusRuntimeException e = (StatusRuntimeException) t;
        assertThat(e.getStatus().getCode()).as("status code; description: %s", e.getStatus().getDescription())
                .isEqualTo(code);
        return e;
    }
}
