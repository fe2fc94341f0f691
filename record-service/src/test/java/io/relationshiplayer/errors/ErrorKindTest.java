package io.relationshiplayer.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.access.AccessDeniedException;
import io.relationshiplayer.access.Role;
import io.relationshiplayer.records.RecordServiceException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ErrorKindTest {
    @Test
    void aSqlStateHasTheKindOfItsClassUnlessNamedByItself() {
        Map<String, ErrorKind> expected = Map.ofEntries(
                Map.entry("42601", ErrorKind.INVALID_ARGUMENT), Map.entry("42704", ErrorKind.INVALID_ARGUMENT),
                Map.entry("22003", ErrorKind.INVALID_ARGUMENT), Map.entry("22P02", ErrorKind.INVALID_ARGUMENT),
                Map.entry("23505", ErrorKind.ALREADY_EXISTS), Map.entry("23503", ErrorKind.FAILED_PRECONDITION),
                Map.entry("25P02", ErrorKind.FAILED_PRECONDITION), Map.entry("2BP01", ErrorKind.FAILED_PRECONDITION),
                Map.entry("55000", ErrorKind.FAILED_PRECONDITION), Map.entry("40001", ErrorKind.ABORTED),
                Map.entry("40P01", ErrorKind.ABORTED), Map.entry("53100", ErrorKind.RESOURCE_EXHAUSTED),
                Map.entry("54001", ErrorKind.RESOURCE_EXHAUSTED), Map.entry("57014", ErrorKind.CANCELLED),
                Map.entry("57P01", ErrorKind.INTERNAL), Map.entry("0A000", ErrorKind.UNIMPLEMENTED),
                Map.entry("08003", ErrorKind.NOT_FOUND), Map.entry("08006", ErrorKind.INTERNAL),
                Map.entry("26000", ErrorKind.NOT_FOUND), Map.entry("3D000", ErrorKind.NOT_FOUND),
                Map.entry("42501", ErrorKind.PERMISSION_DENIED), Map.entry("XX000", ErrorKind.INTERNAL),
                Map.entry("42", ErrorKind.INTERNAL), Map.entry("", ErrorKind.INTERNAL));
        expected.forEach((state, kind) -> assertThat(ErrorKind.ofSqlState(state)).as(state).isEqualTo(kind));
    }

    @Test
    void failuresCarryTheirKindFromWhereTheyAreRaised() {
        for (RecordServiceException.Kind k : RecordServiceException.Kind.values()) {
            assertThat(k.errorKind().name()).as("the record service's kinds are named as theirs").isEqualTo(k.name());
        }
        assertThat(RecordServiceException.noDatabase("x").kind().errorKind()).isEqualTo(ErrorKind.NOT_FOUND);
        assertThat(new AccessDeniedException("p", Role.READ, "db").kind()).isEqualTo(ErrorKind.PERMISSION_DENIED);
    }
}
