package io.relationshiplayer.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Any;
import com.google.rpc.ErrorInfo;
import com.google.rpc.RetryInfo;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.relationshiplayer.errors.ErrorKind;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GrpcStatusesTest {
    @Test
    void everyKindHasTheCodeOfItsNameAndNoTwoShareOne() {
        Set<Status.Code> codes = EnumSet.noneOf(Status.Code.class);
        for (ErrorKind kind : ErrorKind.values()) {
            Status.Code code = GrpcStatuses.code(kind);
            assertThat(code.name()).as("%s", kind).isEqualTo(kind.name());
            assertThat(codes.add(code)).as("%s alone has %s", kind, code).isTrue();
        }
        assertThat(codes).doesNotContain(Status.Code.OK, Status.Code.UNKNOWN);
    }

    @Test
    void aPlainStatusHasTheKindsCodeAndTheDescription() {
        Status s = GrpcStatuses.status(ErrorKind.UNAUTHENTICATED, "invalid token");
        assertThat(s.getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
        assertThat(s.getDescription()).isEqualTo("invalid token");
        assertThat(GrpcStatuses.status(ErrorKind.RESOURCE_EXHAUSTED, null).getCode())
                .isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
    }

    @Test
    void aServiceErrorCarriesItsDetailsThenAnErrorInfo() throws Exception {
        RetryInfo own = RetryInfo.getDefaultInstance();
        StatusRuntimeException e = GrpcStatuses.exception(ErrorKind.ABORTED, "conflict", "40001",
                Map.of("line", "2"), own);
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.ABORTED);
        assertThat(e.getStatus().getDescription()).isEqualTo("conflict");
        com.google.rpc.Status details = StatusProto.fromThrowable(e);
        assertThat(details).isNotNull();
        assertThat(details.getCode()).isEqualTo(Status.Code.ABORTED.value());
        assertThat(details.getMessage()).isEqualTo("conflict");
        assertThat(details.getDetailsList()).hasSize(2);
        Any first = details.getDetails(0);
        assertThat(first.is(RetryInfo.class)).isTrue();
        ErrorInfo info = details.getDetails(1).unpack(ErrorInfo.class);
        assertThat(info.getDomain()).isEqualTo(GrpcStatuses.DOMAIN).isEqualTo("relationshiplayer.io");
        assertThat(info.getReason()).isEqualTo("40001");
        assertThat(info.getMetadataMap()).containsExactly(Map.entry("line", "2"));

        StatusRuntimeException bare = GrpcStatuses.exception(ErrorKind.NOT_FOUND, "no such", "NOT_FOUND", Map.of());
        assertThat(StatusProto.fromThrowable(bare).getDetailsList()).hasSize(1);
        assertThat(bare.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
    }
}
