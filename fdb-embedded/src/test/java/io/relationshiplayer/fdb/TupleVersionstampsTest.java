package io.relationshiplayer.fdb;

import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import io.relationshiplayer.fdb.embedded.EmbeddedDatabase;
import io.relationshiplayer.fdb.embedded.EngineConfig;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Versionstamped tuples pack and round-trip through the embedded engine without FoundationDB's native library. */
class TupleVersionstampsTest {
    @Test
    void packsWithTheFourByteOffsetAndCompletesAtCommit() {
        try (EmbeddedDatabase db = EmbeddedDatabase.open(EngineConfig.memory())) {
            assertThat(TupleVersionstamps.isInstalled()).isTrue();
            byte[] prefix = {0x15, 0x01};
            byte[] template = Tuple.from("event", Versionstamp.incomplete(7)).packWithVersionstamp(prefix);
            // prefix, "event" (7 bytes), versionstamp code + 12 bytes, then the 4-byte little-endian offset
            int offset = template.length - 4;
            int position = (template[offset] & 0xff) | (template[offset + 1] & 0xff) << 8;
            assertThat(position).isEqualTo(prefix.length + 7 + 1);
            byte[] stamp = db.run(tr -> {
                tr.mutate(MutationType.SET_VERSIONSTAMPED_KEY, template, new byte[] {1});
                return tr.getVersionstamp();
            }).join();
            byte[] key = db.run(tr -> tr.getRange(prefix, new byte[] {0x15, 0x02}).asList().join().get(0).getKey());
            Tuple stored = Tuple.fromBytes(Arrays.copyOfRange(key, prefix.length, key.length));
            assertThat(stored.getVersionstamp(1)).isEqualTo(Versionstamp.complete(stamp, 7));
        }
    }

    @Test
    void patchedTupleUtilIsTheOneInUseAndAnswersNewFormat() throws Exception {
        Class<?> util = Class.forName("com.apple.foundationdb.tuple.TupleUtil");
        java.lang.reflect.Method old = util.getDeclaredMethod("useOldVersionOffsetFormat");
        old.setAccessible(true);
        assertThat(old.invoke(null)).isEqualTo(false);
    }
}
