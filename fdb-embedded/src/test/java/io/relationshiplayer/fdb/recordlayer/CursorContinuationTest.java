package io.relationshiplayer.fdb.recordlayer;

import static com.apple.foundationdb.record.metadata.Key.Expressions.field;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.TICKET;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.asTicket;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.store;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.ticket;
import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.record.ExecuteProperties;
import com.apple.foundationdb.record.RecordCursor;
import com.apple.foundationdb.record.RecordCursorResult;
import com.apple.foundationdb.record.RecordMetaDataBuilder;
import com.apple.foundationdb.record.ScanProperties;
import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.query.RecordQuery;
import com.apple.foundationdb.record.query.expressions.Query;
import com.apple.foundationdb.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/** Scans and queries read page by page, one transaction per page, resumed from the previous page's continuation. */
class CursorContinuationTest extends EngineScenario {
    private static final String BY_PRIORITY = "Ticket$priority";

    private FDBRecordStore.Builder tickets;

    @Override
    void prepare() {
        RecordMetaDataBuilder builder = ScenarioSchema.metaData();
        builder.addIndex(TICKET, new Index(BY_PRIORITY, field("priority")));
        tickets = store(builder.build(), path);
        commitDoing(tickets, store -> {
            for (long id = 1; id <= 10; id++) {
                store.saveRecord(ticket(id, "RL-" + id, "ticket " + id, (int) (id % 4)));
            }
        });
    }

    @OnEachEngine
    void forwardScanResumesAcrossTransactionsAndSeesLaterCommits(Engine engine) {
        open(engine);
        List<Long> seen = new ArrayList<>();
        Page page = page(store -> scanIds(store, null, false, 3));
        seen.addAll(page.ids());
        assertThat(seen).containsExactly(1L, 2L, 3L);
        // between pages: a record ahead of the cursor is deleted, one past the end is added
        commitDoing(tickets, store -> {
            store.deleteRecord(Tuple.from(9L));
            store.saveRecord(ticket(11, "RL-11", "ticket 11", 1));
        });
        restartIfDurable();
        int pages = 1;
        while (page.continuation() != null) {
            byte[] continuation = page.continuation();
            page = page(store -> scanIds(store, continuation, false, 3));
            seen.addAll(page.ids());
            pages++;
        }
        assertThat(seen).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 10L, 11L);
        assertThat(pages).isEqualTo(4);
    }

    @OnEachEngine
    void reverseScanResumesAcrossTransactions(Engine engine) {
        open(engine);
        assertThat(allPages((store, continuation) -> scanIds(store, continuation, true, 4)))
                .containsExactly(10L, 9L, 8L, 7L, 6L, 5L, 4L, 3L, 2L, 1L);
    }

    @OnEachEngine
    void indexQueryResumesAcrossTransactions(Engine engine) {
        open(engine);
        RecordQuery query = RecordQuery.newBuilder().setRecordType(TICKET)
                .setFilter(Query.field("priority").greaterThanOrEquals(2))
                .setSort(field("priority"))
                .build();
        List<Long> ids = allPages((store, continuation) -> {
            assertThat(store.planQuery(query).getUsedIndexes()).containsExactly(BY_PRIORITY);
            return store.executeQuery(query, continuation,
                            ExecuteProperties.newBuilder().setReturnedRowLimit(2).build())
                    .map(r -> asTicket(r.getStoredRecord()).getId());
        });
        // priority 2: 2, 6, 10; priority 3: 3, 7
        assertThat(ids).containsExactly(2L, 6L, 10L, 3L, 7L);
    }

    private record Page(List<Long> ids, byte[] continuation) {
    }

    private List<Long> allPages(BiFunction<FDBRecordStore, byte[], RecordCursor<Long>> cursor) {
        List<Long> all = new ArrayList<>();
        byte[] continuation = null;
        do {
            byte[] from = continuation;
            Page page = page(store -> cursor.apply(store, from));
            all.addAll(page.ids());
            continuation = page.continuation();
        } while (continuation != null);
        return all;
    }

    /** Reads one page in its own transaction; the continuation is null once the cursor is exhausted. */
    private Page page(Function<FDBRecordStore, RecordCursor<Long>> cursor) {
        return commit(tickets, store -> {
            List<Long> ids = new ArrayList<>();
            try (RecordCursor<Long> open = cursor.apply(store)) {
                RecordCursorResult<Long> result;
                while ((result = open.getNext()).hasNext()) {
                    ids.add(result.get());
                }
                return new Page(ids, result.getContinuation().toBytes());
            }
        });
    }

    private static RecordCursor<Long> scanIds(FDBRecordStore store, byte[] continuation, boolean reverse, int limit) {
        ScanProperties properties = new ScanProperties(
                ExecuteProperties.newBuilder().setReturnedRowLimit(limit).build(), reverse);
        return store.scanRecords(continuation, properties).map(r -> r.getPrimaryKey().getLong(0));
    }
}
