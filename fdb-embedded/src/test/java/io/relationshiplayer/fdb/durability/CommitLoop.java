package io.relationshiplayer.fdb.durability;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Transaction;
import io.relationshiplayer.fdb.embedded.EmbeddedDatabase;
import io.relationshiplayer.fdb.embedded.EngineConfig;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The child process of {@link KillDurabilityTest}: opens the durable engine in {@code args[0]} and commits transaction
 * after transaction, numbered from {@code args[1]}, until it is killed. Each transaction {@code i} writes
 * {@link #FIELDS} keys under {@code k/i/}, sets {@link #LAST} to {@code i} and adds one versionstamped key under
 * {@link #STAMPS}; only after its commit returned does it print {@code ACK i <versionstamp hex> <commit version>}.
 */
public final class CommitLoop {
    static final List<String> FIELDS = List.of("a", "b", "c");
    static final byte[] LAST = ascii("last");
    static final byte[] STAMPS = ascii("vs/");
    static final byte[] ROWS = ascii("k/");
    static final String READY = "READY";

    private CommitLoop() {
    }

    public static void main(String[] args) throws Exception {
        Path directory = Path.of(args[0]);
        long first = Long.parseLong(args[1]);
        // One write per line, so that a kill never leaves half an ACK in the pipe.
        OutputStream out = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 8192);
        try (Database db = EmbeddedDatabase.open(EngineConfig.durable(directory))) {
            emit(out, READY);
            for (long i = first; ; i++) {
                try (Transaction tr = db.createTransaction()) {
                    for (String field : FIELDS) {
                        tr.set(rowKey(i, field), rowValue(i, field));
                    }
                    tr.set(LAST, ascii(Long.toString(i)));
                    tr.mutate(MutationType.SET_VERSIONSTAMPED_KEY, stampTemplate(), ascii(Long.toString(i)));
                    // Asked before commit: FoundationDB refuses a committed transaction's calls (2017).
                    CompletableFuture<byte[]> stampFuture = tr.getVersionstamp();
                    tr.commit().join();
                    byte[] stamp = stampFuture.join();
                    emit(out, "ACK " + i + " " + HexFormat.of().formatHex(stamp) + " " + tr.getCommittedVersion());
                }
            }
        }
    }

    private static void emit(OutputStream out, String line) throws java.io.IOException {
        out.write(ascii(line + "\n"));
        out.flush();
    }

    /** {@code k/<i, 10 digits>/<field>}: keys sort by transaction number. */
    static byte[] rowKey(long i, String field) {
        return ascii(String.format("k/%010d/%s", i, field));
    }

    static byte[] rowValue(long i, String field) {
        return ascii(field + "=" + i * 31 + ":" + Long.toHexString(i));
    }

    /** {@code vs/} + 10 placeholder bytes + the placeholder's offset, 4 bytes little-endian. */
    static byte[] stampTemplate() {
        byte[] template = Arrays.copyOf(STAMPS, STAMPS.length + 10 + 4);
        int offset = STAMPS.length;
        int at = STAMPS.length + 10;
        template[at] = (byte) offset;
        template[at + 1] = (byte) (offset >>> 8);
        template[at + 2] = (byte) (offset >>> 16);
        template[at + 3] = (byte) (offset >>> 24);
        return template;
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
