package io.relationshiplayer.cli.copy;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.cli.sql.OutputFormat;
import io.relationshiplayer.cli.sql.ResultPrinter;
import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.server.RunningServer;
import io.relationshiplayer.server.ServerConfig;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load larger than one transaction's bound (shortened here to one chunk) commits chunk by chunk in autocommit: a
 * failure keeps what was committed before it, rolls back the rest, and says how many rows stay.
 */
class CopySegmentsTest {
    @TempDir
    Path dir;

    @Test
    void aFailureKeepsTheTransactionsCommittedBeforeItAndSaysSo() throws Exception {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= 2_500; i++) {
            b.append(i == 2_200 ? 5 : i).append(",r").append(i).append('\n');
        }
        Path file = dir.resolve("rows.csv");
        Files.writeString(file, b.toString());
        try (RunningServer server = RunningServer.start(ServerConfig.defaults());
             SqlSession session = SqlSession.connect("127.0.0.1", server.port(), "segments")) {
            session.update("CREATE TABLE t (id BIGINT PRIMARY KEY, s VARCHAR(9))");
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            CopyRunner copy = new CopyRunner(session, new ResultPrinter(new PrintWriter(out), OutputFormat.TABLE, 0,
                    false), new PrintWriter(err), InputStream.nullInputStream());
            CopyLoader.segmentBytes = 1;
            try {
                assertThat(copy.start("t FROM '" + file + "' (FORMAT csv)", true, 1, false, false)).isNull();
            } finally {
                CopyLoader.segmentBytes = CopyLoader.SEGMENT_BYTES;
            }
            assertThat(copy.ok()).isFalse();
            assertThat(err.toString()).contains("(SQLSTATE 23505)")
                    .contains("\nDETAIL:  Key (id)=(5) already exists.\nCONTEXT: COPY t, line 2200\n")
                    .contains("DETAIL: the 2,000 rows up to line 2000 were committed before the failure and stay");
            assertThat(session.query("SELECT COUNT(*) FROM t").get(0)[0]).isEqualTo(2_000L);
            assertThat(session.inTransaction()).isFalse();

            // the same load within the bounds is one transaction: the failure leaves nothing more
            session.update("DELETE FROM t");
            err.getBuffer().setLength(0);
            assertThat(copy.start("t FROM '" + file + "' (FORMAT csv)", true, 1, false, false)).isNull();
            // the server's DETAIL (the key) alone: no rows were committed before the failure
            assertThat(err.toString()).contains("\nDETAIL:  Key (id)=(5) already exists.\nCONTEXT: COPY t, line 2200\n")
                    .doesNotContain("DETAIL: the");
            assertThat(session.query("SELECT COUNT(*) FROM t").get(0)[0]).isEqualTo(0L);
        }
    }
}
