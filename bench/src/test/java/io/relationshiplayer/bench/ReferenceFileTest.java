package io.relationshiplayer.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published figures ship with the project: read from the bench jar's copy of reference/, or a named file. */
class ReferenceFileTest {

    @Test
    void theShippedFiguresAreReadWithoutAnyFileBesideTheProject() throws Exception {
        FdbReference fdb = FdbReference.resolve(Optional.empty());
        assertThat(fdb.source()).isEqualTo("reference/fdb-performance.csv");
        assertThat(fdb.reads(false)).isEqualTo(90_000);
        assertThat(fdb.writes(true)).isEqualTo(20_000);
        assertThat(ReferenceFile.read("study-results.csv", Optional.empty()).lines())
                .anyMatch(l -> l.startsWith("get-single,1000,1335.4"));
        assertThat(ReferenceFile.read("bank-transfer.csv", Optional.empty()).lines()).anyMatch(l -> l.contains("PG"));
    }

    @Test
    void aNamedFileIsReadInstead(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("fdb.csv");
        Files.writeString(csv, "reads_per_core,memory,1,ops/s,x\nwrites_per_core,memory,2,ops/s,x\n"
                + "reads_per_core,ssd,3,ops/s,x\nwrites_per_core,ssd,4,ops/s,x\n");
        FdbReference fdb = FdbReference.resolve(Optional.of(csv));
        assertThat(fdb.reads(true)).isEqualTo(3);
        assertThat(fdb.source()).isEqualTo(csv.toAbsolutePath().normalize().toString());
        assertThatThrownBy(() -> ReferenceFile.read("none.csv", Optional.empty())).hasMessageContaining("none.csv");
    }
}
