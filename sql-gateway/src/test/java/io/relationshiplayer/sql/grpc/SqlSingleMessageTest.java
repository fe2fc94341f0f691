package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.StatusRuntimeException;
import io.relationshiplayer.proto.v1.ExecuteRequest;
import io.relationshiplayer.proto.v1.ExecuteResponse;
import io.relationshiplayer.proto.v1.ResultComplete;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ExecuteRequest.single_message: a result complete within its first batch comes as one message (header, rows and end
 * together); a longer one as header, batches and end; without the flag, always as the three.
 */
class SqlSingleMessageTest extends SqlServerFixture {
    private List<ExecuteResponse> messages(String session, String text, int fetchSize, boolean single) {
        List<ExecuteResponse> out = new ArrayList<>();
        sql().execute(ExecuteRequest.newBuilder().setSessionId(session).setSql(text).setFetchSize(fetchSize)
                .setSingleMessage(single).build()).forEachRemaining(out::add);
        return out;
    }

    private static ResultComplete only(List<ExecuteResponse> messages) {
        assertThat(messages).hasSize(1);
        assertThat(messages.get(0).hasComplete()).as("one complete message: %s", messages).isTrue();
        return messages.get(0).getComplete();
    }

    @Test
    void aResultWithinItsFirstBatchIsOneMessage() {
        String s = open();
        ResultComplete create = only(messages(s, "CREATE TABLE t (id BIGINT PRIMARY KEY, v TEXT)", 0, true));
        assertThat(create.getHeader().getCommand()).isEqualTo("CREATE TABLE");
        assertThat(create.getEnd().getDone()).isTrue();

        ResultComplete insert = only(messages(s, "INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')", 0, true));
        assertThat(insert.getHeader().getCommand()).isEqualTo("INSERT");
        assertThat(insert.getEnd().getAffectedRows()).isEqualTo(3);
        assertThat(insert.getBatch().getRowsCount()).isZero();

        ResultComplete select = only(messages(s, "SELECT id, v FROM t WHERE id = 2", 0, true));
        assertThat(select.getHeader().getReturnsRows()).isTrue();
        assertThat(select.getHeader().getColumnsList()).extracting(c -> c.getName()).containsExactly("id", "v");
        assertThat(select.getBatch().getRowsCount()).isEqualTo(1);
        assertThat(select.getBatch().getRows(0).getValues(1).getStringValue()).isEqualTo("b");
        assertThat(select.getEnd().getRowCount()).isEqualTo(1);

        ResultComplete none = only(messages(s, "SELECT id FROM t WHERE id = 9", 0, true));
        assertThat(none.getBatch().getRowsCount()).isZero();
        assertThat(none.getEnd().getRowCount()).isZero();

        // exactly the fetch size: still complete in the first batch
        assertThat(only(messages(s, "SELECT id FROM t ORDER BY id", 3, true)).getBatch().getRowsCount()).isEqualTo(3);

        ResultComplete begin = only(messages(s, "BEGIN", 0, true));
        assertThat(begin.getEnd().getInTransaction()).isTrue();
        ResultComplete returning = only(messages(s, "UPDATE t SET v = 'z' WHERE id < 3 RETURNING id", 0, true));
        assertThat(returning.getBatch().getRowsCount()).isEqualTo(2);
        assertThat(returning.getEnd().getAffectedRows()).isEqualTo(2);
        assertThat(returning.getEnd().getInTransaction()).isTrue();
        assertThat(only(messages(s, "COMMIT", 0, true)).getEnd().getInTransaction()).isFalse();
    }

    @Test
    void aLongerResultAndACallWithoutTheFlagComeAsHeaderBatchesAndEnd() {
        String s = open();
        exec(s, "CREATE TABLE t (id BIGINT PRIMARY KEY)");
        exec(s, "INSERT INTO t VALUES (1), (2), (3), (4), (5)");
        List<ExecuteResponse> longer = messages(s, "SELECT id FROM t ORDER BY id", 2, true);
        assertThat(longer).extracting(m -> m.getPartCase().name())
                .containsExactly("HEADER", "BATCH", "BATCH", "BATCH", "END");
        assertThat(longer.get(4).getEnd().getRowCount()).isEqualTo(5);
        assertThat(longer.get(3).getBatch().getRows(0).getValues(0).getInt64Value()).isEqualTo(5);

        assertThat(messages(s, "SELECT id FROM t WHERE id = 1", 0, false)).extracting(m -> m.getPartCase().name())
                .containsExactly("HEADER", "BATCH", "END");
        assertThat(messages(s, "DELETE FROM t WHERE id = 1", 0, false)).extracting(m -> m.getPartCase().name())
                .containsExactly("HEADER", "END");
    }

    @Test
    void aFailingStatementIsTheCallsErrorEitherWay() {
        String s = open();
        assertThatThrownBy(() -> messages(s, "SELECT * FROM missing", 0, true))
                .isInstanceOf(StatusRuntimeException.class).hasMessageContaining("missing");
        // the session serves the next statement
        assertThat(only(messages(s, "SELECT 1", 0, true)).getBatch().getRowsCount()).isEqualTo(1);
    }
}
