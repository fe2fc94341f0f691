package io.relationshiplayer.records.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.reflection.v1.ServerReflectionGrpc;
import io.grpc.reflection.v1.ServerReflectionRequest;
import io.grpc.reflection.v1.ServerReflectionResponse;
import io.grpc.reflection.v1.ServiceResponse;
import io.grpc.stub.StreamObserver;
import io.relationshiplayer.proto.v1.RecordServiceGrpc;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The standard health and reflection services answer next to the record service. */
class HealthAndReflectionTest extends ServerFixture {

    @Test
    void healthIsServingForTheServerAndTheRecordService() {
        HealthGrpc.HealthBlockingStub health = HealthGrpc.newBlockingStub(channel)
                .withDeadlineAfter(10, TimeUnit.SECONDS);
        assertThat(health.check(HealthCheckRequest.newBuilder().setService("").build()).getStatus())
                .isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
        assertThat(health.check(HealthCheckRequest.newBuilder().setService(RecordServiceGrpc.SERVICE_NAME).build())
                .getStatus()).isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
        assertThat(RecordServiceGrpc.SERVICE_NAME).isEqualTo("rl.v1.RecordService");
        expectCode(io.grpc.Status.Code.NOT_FOUND, () -> health.check(HealthCheckRequest.newBuilder()
                .setService("no.such.Service").build()));
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
}
