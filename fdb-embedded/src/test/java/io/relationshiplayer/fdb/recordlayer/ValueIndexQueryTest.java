package io.relationshiplayer.fdb.recordlayer;

import static com.apple.foundationdb.record.metadata.Key.Expressions.field;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.TICKET;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.asTicket;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.store;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.ticket;
import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.RecordMetaDataBuilder;
import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.query.RecordQuery;
import com.apple.foundationdb.record.query.expressions.Query;
import com.apple.foundationdb.record.query.expressions.QueryComponent;
import com.apple.foundationdb.record.query.plan.plans.RecordQueryPlan;
import com.apple.foundationdb.tuple.Tuple;
import io.relationshiplayer.fdb.recordlayer.proto.ScenarioProto.Ticket;
import java.util.List;

/** Queries answered from a secondary VALUE index, kept up to date by saves, updates and deletes. */
class ValueIndexQueryTest extends EngineScenario {
    private static final String BY_PRIORITY = "Ticket$priority";

    private FDBRecordStore.Builder tickets;

    @Override
    void prepare() {
        RecordMetaDataBuilder builder = ScenarioSchema.metaData();
        builder.addIndex(TICKET, new Index(BY_PRIORITY, field("priority")));
        RecordMetaData metaData = builder.build();
        tickets = store(metaData, path);
        commitDoing(tickets, store -> {
            store.saveRecord(ticket(1, "RL-1", "crash on start", 3));
            store.saveRecord(ticket(2, "RL-2", "typo", 1));
            store.saveRecord(ticket(3, "RL-3", "slow query", 2));
            store.saveRecord(ticket(4, "RL-4", "wrong total", 3));
            store.saveRecord(ticket(5, "RL-5", "missing button", 1));
            store.saveRecord(ticket(6, "RL-6", "data loss", 5));
        });
        restartIfDurable();
    }

    @OnEachEngine
    void equalityFilterIsAnsweredFromTheIndex(Engine engine) {
        open(engine);
        commitDoing(tickets, store -> {
            RecordQueryPlan plan = store.planQuery(query(Query.field("priority").equalsValue(3)));
            assertThat(plan.getUsedIndexes()).containsExactly(BY_PRIORITY);
            assertThat(plan.toString()).isEqualTo("ISCAN(" + BY_PRIORITY + " [[3],[3]])");
            assertThat(ids(store, plan)).containsExactlyInAnyOrder(1L, 4L);
        });
    }

    @OnEachEngine
    void rangeFilterReturnsRecordsInIndexOrder(Engine engine) {
        open(engine);
        commitDoing(tickets, store -> {
            RecordQuery query = RecordQuery.newBuilder().setRecordType(TICKET)
                    .setFilter(Query.field("priority").greaterThanOrEquals(2))
                    .setSort(field("priority"))
                    .build();
            RecordQueryPlan plan = store.planQuery(query);
            assertThat(plan.getUsedIndexes()).containsExactly(BY_PRIORITY);
            List<Ticket> found = store.executeQuery(plan).map(r -> asTicket(r.getStoredRecord())).asList().join();
            assertThat(found).extracting(Ticket::getPriority).containsExactly(2, 3, 3, 5);
            // ties on the indexed value come in primary key order
            assertThat(found).extracting(Ticket::getId).containsExactly(3L, 1L, 4L, 6L);
        });
    }

    @OnEachEngine
    void indexFollowsUpdatesAndDeletes(Engine engine) {
        open(engine);
        commitDoing(tickets, store -> {
            store.saveRecord(ticket(1, "RL-1", "crash on start", 1));
            store.deleteRecord(Tuple.from(4L));
            store.saveRecord(ticket(7, "RL-7", "new and urgent", 3));
        });
        restartIfDurable();

        commitDoing(tickets, store -> {
            assertThat(ids(store, store.planQuery(query(Query.field("priority").equalsValue(3)))))
                    .containsExactly(7L);
            assertThat(ids(store, store.planQuery(query(Query.field("priority").equalsValue(1)))))
                    .containsExactlyInAnyOrder(1L, 2L, 5L);
            // the index holds exactly one entry per stored ticket, at its current priority
            assertThat(store.scanIndexRecords(BY_PRIORITY).map(r -> r.getIndexEntry().getKey()).asList().join())
                    .containsExactly(Tuple.from(1L, 1L), Tuple.from(1L, 2L), Tuple.from(1L, 5L),
                            Tuple.from(2L, 3L), Tuple.from(3L, 7L), Tuple.from(5L, 6L));
        });
    }

    @OnEachEngine
    void filterOnAnUnindexedFieldScansRecords(Engine engine) {
        open(engine);
        commitDoing(tickets, store -> {
            RecordQueryPlan plan = store.planQuery(query(Query.field("title").equalsValue("typo")));
            assertThat(plan.getUsedIndexes()).isEmpty();
            assertThat(ids(store, plan)).containsExactly(2L);
        });
    }

    private static RecordQuery query(QueryComponent filter) {
        return RecordQuery.newBuilder().setRecordType(TICKET).setFilter(filter).build();
    }

    private static List<Long> ids(FDBRecordStore store, RecordQueryPlan plan) {
        return store.executeQuery(plan).map(r -> asTicket(r.getStoredRecord()).getId()).asList().join();
    }
}
