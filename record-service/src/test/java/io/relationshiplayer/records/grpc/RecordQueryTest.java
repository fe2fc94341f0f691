package io.relationshiplayer.records.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.relationshiplayer.proto.v1.Comparison.Op;
import io.relationshiplayer.proto.v1.Comparison;
import io.relationshiplayer.proto.v1.Filter;
import io.relationshiplayer.proto.v1.Filters;
import io.relationshiplayer.proto.v1.QueryRequest;
import io.relationshiplayer.proto.v1.RecordBatch;
import io.relationshiplayer.proto.v1.RecordMessage;
import io.relationshiplayer.proto.v1.SaveRecordsRequest;
import io.relationshiplayer.records.grpc.testproto.Item;
import io.relationshiplayer.records.grpc.testproto.ItemStatus;
import io.relationshiplayer.records.grpc.testproto.Order;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Queries planned over indexes: every filter kind, nested fields, enums, sorts, explain, limits. Each case asserts the
 * plan names the index and the records are exactly those the filter selects.
 */
class RecordQueryTest extends ServerFixture {
    static final int N = 600;
    final List<Item> all = items(0, N);
    Map<Long, Item> byId;

    @BeforeEach
    void populate() {
        register(db, catalogSchema(valueIndex("by_category", "category"), valueIndex("by_price", "price"),
                valueIndex("by_name", "name"), valueIndex("by_status", "status"),
                valueIndex("by_city", "address.city"), valueIndex("by_note", "note"),
                valueIndex("by_category_price", "category", "price")));
        saveItems(db, all, 300);
        byId = new HashMap<>();
        all.forEach(i -> byId.put(i.getId(), i));
    }

    QueryRequest.Builder q(Filter filter) {
        QueryRequest.Builder b = QueryRequest.newBuilder().setDatabase(db).addTypes("Item").setExplain(true)
                .setBatchSize(64);
        if (filter != null) {
            b.setFilter(filter);
        }
        return b;
    }

    /** Runs the query; asserts the plan names {@code index} and the result is exactly {@code expected} (any order). */
    List<Item> assertQuery(QueryRequest.Builder request, String index, Predicate<Item> expected) {
        Streamed s = drain(blocking().query(request.build()));
        assertThat(s.plan()).as("plan of %s", request.getFilter()).contains(index);
        for (int i = 1; i < s.batches().size(); i++) {
            assertThat(s.batches().get(i).getPlan()).as("plan only on the first batch").isEmpty();
        }
        assertThat(s.batches()).allSatisfy(b -> assertThat(b.getRecordsCount()).isLessThanOrEqualTo(64));
        assertThat(s.last().getContinuation().isEmpty()).as("a complete query has no continuation").isTrue();
        List<Long> got = ids(s.records());
        List<Long> want = expectedIds(all, expected);
        assertThat(want).as("the case selects something").isNotEmpty();
        assertThat(got).as("records of %s", request.getFilter()).doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(want);
        for (RecordMessage m : s.records()) {
            assertThat(m.getMessage()).isEqualTo(byId.get(parseItem(m).getId()).toByteString());
        }
        List<Item> out = new ArrayList<>();
        s.records().forEach(m -> out.add(parseItem(m)));
        return out;
    }

    static Filter and(Filter... f) {
        return Filter.newBuilder().setAnd(Filters.newBuilder().addAllFilters(List.of(f))).build();
    }

    static Filter or(Filter... f) {
        return Filter.newBuilder().setOr(Filters.newBuilder().addAllFilters(List.of(f))).build();
    }

    static Filter not(Filter f) {
        return Filter.newBuilder().setNot(f).build();
    }

    static <T extends Comparable<T>> void assertSorted(List<Item> items, Function<Item, T> key, boolean reverse) {
        Comparator<T> order = reverse ? Comparator.<T>reverseOrder() : Comparator.<T>naturalOrder();
        List<T> keys = new ArrayList<>();
        items.forEach(i -> keys.add(key.apply(i)));
        assertThat(keys).isSortedAccordingTo(order);
    }

    @Test
    void equals() {
        assertQuery(q(cmp("category", Op.EQUALS, "c3")), "by_category", i -> i.getCategory().equals("c3"));
    }

    @Test
    void notEqualsWithTheOrderOfItsIndex() {
        List<Item> got = assertQuery(q(cmp("category", Op.NOT_EQUALS, "c3")).addSort("category"), "by_category",
                i -> !i.getCategory().equals("c3"));
        assertSorted(got, Item::getCategory, false);
    }

    @Test
    void ranges() {
        assertQuery(q(cmp("price", Op.GREATER_THAN, 900L)), "by_price", i -> i.getPrice() > 900);
        assertQuery(q(cmp("price", Op.GREATER_THAN_OR_EQUALS, 900L)), "by_price", i -> i.getPrice() >= 900);
        assertQuery(q(cmp("price", Op.LESS_THAN, 40L)), "by_price", i -> i.getPrice() < 40);
        assertQuery(q(cmp("price", Op.LESS_THAN_OR_EQUALS, 40L)), "by_price", i -> i.getPrice() <= 40);
        assertQuery(q(and(cmp("price", Op.GREATER_THAN_OR_EQUALS, 100L), cmp("price", Op.LESS_THAN, 200L))),
                "by_price", i -> i.getPrice() >= 100 && i.getPrice() < 200);
    }

    @Test
    void startsWith() {
        assertQuery(q(cmp("name", Op.STARTS_WITH, "n1")), "by_name", i -> i.getName().startsWith("n1"));
    }

    @Test
    void in() {
        QueryRequest.Builder r = q(Filter.newBuilder().setComparison(Comparison.newBuilder().setField("category")
                .setOp(Op.IN).addValues(value("c1")).addValues(value("c4"))).build());
        assertQuery(r, "by_category", i -> i.getCategory().equals("c1") || i.getCategory().equals("c4"));
    }

    @Test
    void isNullAndNotNull() {
        assertQuery(q(cmp("note", Op.IS_NULL, null)), "by_note", i -> !i.hasNote());
        assertQuery(q(cmp("note", Op.NOT_NULL, null)), "by_note", i -> i.hasNote());
    }

    @Test
    void andOfEqualityAndRangeUsesTheCompoundIndex() {
        assertQuery(q(and(cmp("category", Op.EQUALS, "c2"), cmp("price", Op.LESS_THAN, 300L))), "by_category_price",
                i -> i.getCategory().equals("c2") && i.getPrice() < 300);
    }

    @Test
    void orOfTwoIndexedFields() {
        assertQuery(q(or(cmp("category", Op.EQUALS, "c1"), cmp("price", Op.LESS_THAN, 50L))), "by_price",
                i -> i.getCategory().equals("c1") || i.getPrice() < 50);
        assertQuery(q(or(cmp("category", Op.EQUALS, "c1"), cmp("category", Op.EQUALS, "c3"))), "by_category",
                i -> i.getCategory().equals("c1") || i.getCategory().equals("c3"));
    }

    @Test
    void notWithTheOrderOfItsIndex() {
        List<Item> got = assertQuery(q(not(cmp("category", Op.EQUALS, "c1"))).addSort("category"), "by_category",
                i -> !i.getCategory().equals("c1"));
        assertSorted(got, Item::getCategory, false);
    }

    @Test
    void nestedField() {
        assertQuery(q(cmp("address.city", Op.EQUALS, "city2")), "by_city",
                i -> i.getAddress().getCity().equals("city2"));
    }

    @Test
    void enumByNameAndByNumber() {
        List<Item> byName = assertQuery(q(cmp("status", Op.EQUALS, "ACTIVE")), "by_status",
                i -> i.getStatus() == ItemStatus.ACTIVE);
        List<Item> byNumber = assertQuery(q(cmp("status", Op.EQUALS, 1L)), "by_status",
                i -> i.getStatus() == ItemStatus.ACTIVE);
        assertThat(byNumber).containsExactlyInAnyOrderElementsOf(byName);
    }

    @Test
    void sortByAnIndexedFieldAscendingAndReverse() {
        List<Item> up = assertQuery(q(null).addSort("price"), "by_price", i -> true);
        assertSorted(up, Item::getPrice, false);
        List<Item> down = assertQuery(q(null).addSort("price").setReverse(true), "by_price", i -> true);
        assertSorted(down, Item::getPrice, true);
        List<Item> filtered = assertQuery(q(cmp("price", Op.GREATER_THAN, 500L)).addSort("price").setReverse(true),
                "by_price", i -> i.getPrice() > 500);
        assertSorted(filtered, Item::getPrice, true);
    }

    @Test
    void explainOnlyReturnsAPlanAndNoRecords() {
        Iterator<RecordBatch> it = blocking().query(q(cmp("category", Op.EQUALS, "c3")).setExplain(false)
                .setExplainOnly(true).build());
        Streamed s = drain(it);
        assertThat(s.batches()).hasSize(1);
        assertThat(s.plan()).contains("by_category");
        assertThat(s.records()).isEmpty();
        assertThat(s.last().getDone()).isTrue();
    }

    @Test
    void withoutExplainNoPlanIsReturned() {
        Streamed s = drain(blocking().query(q(cmp("category", Op.EQUALS, "c3")).setExplain(false).build()));
        assertThat(s.batches()).allSatisfy(b -> assertThat(b.getPlan()).isEmpty());
        assertThat(s.records()).hasSize((int) all.stream().filter(i -> i.getCategory().equals("c3")).count());
    }

    @Test
    void limitReturnsAContinuationAndTheNextCallReturnsExactlyTheRest() {
        QueryRequest.Builder r = q(cmp("price", Op.GREATER_THAN_OR_EQUALS, 200L)).addSort("price").setBatchSize(7);
        List<Long> want = new ArrayList<>();
        all.stream().filter(i -> i.getPrice() >= 200)
                .sorted(Comparator.comparingLong(Item::getPrice).thenComparingLong(Item::getId))
                .forEach(i -> want.add(i.getId()));

        Streamed first = drain(blocking().query(r.setLimit(50).build()));
        assertThat(first.plan()).contains("by_price");
        assertThat(first.records()).hasSize(50);
        assertThat(first.last().getContinuation().isEmpty()).isFalse();

        Streamed rest = drain(blocking().query(r.setLimit(0).setContinuation(first.last().getContinuation())
                .build()));
        assertThat(rest.last().getContinuation().isEmpty()).isTrue();
        List<Long> got = new ArrayList<>(ids(first.records()));
        got.addAll(ids(rest.records()));
        assertThat(got).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(want);
        List<Item> items = new ArrayList<>();
        got.forEach(id -> items.add(byId.get(id)));
        assertSorted(items, Item::getPrice, false);
    }

    @Test
    void aQueryOverTwoRecordTypesReturnsRecordsOfBoth() {
        SaveRecordsRequest.Builder orders = SaveRecordsRequest.newBuilder().setDatabase(db);
        for (long i = 0; i < 5; i++) {
            orders.addRecords(message("Order", Order.newBuilder().setId(i).setItemId(i).build()));
        }
        blocking().saveRecords(orders.build());
        Streamed s = drain(blocking().query(QueryRequest.newBuilder().setDatabase(db).addTypes("Item")
                .addTypes("Order").build()));
        assertThat(s.records()).hasSize(N + 5);
        assertThat(s.records().stream().filter(m -> m.getType().equals("Order")).count()).isEqualTo(5);
        assertThat(s.records().stream().filter(m -> m.getType().equals("Item")).count()).isEqualTo(N);
    }

    /** The contract: "an index must provide the order". A sort no index provides is the client's error. */
    @Test
    void sortingByAFieldNoIndexOrdersIsAClientError() {
        Throwable t = catchThrowable(() -> drain(blocking().query(q(null).addSort("sku").build())));
        assertThat(t).as("the query should fail").isInstanceOf(StatusRuntimeException.class);
        Status status = Status.fromThrowable(t);
        assertThat(status.getCode()).as("code; description: %s", status.getDescription())
                .isIn(Status.Code.INVALID_ARGUMENT, Status.Code.FAILED_PRECONDITION);
        expectError(status.getCode(), () -> {
            throw t;
        });
        assertServing();
    }
}
