package io.relationshiplayer.records.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.relationshiplayer.proto.v1.Comparison;
import io.relationshiplayer.proto.v1.GetSchemaRequest;
import io.relationshiplayer.proto.v1.GetSchemaResponse;
import io.relationshiplayer.proto.v1.IndexDefinition;
import io.relationshiplayer.proto.v1.IndexState;
import io.relationshiplayer.proto.v1.QueryRequest;
import io.relationshiplayer.proto.v1.RecordMessage;
import io.relationshiplayer.proto.v1.RecordTypeDefinition;
import io.relationshiplayer.proto.v1.RegisterSchemaRequest;
import io.relationshiplayer.proto.v1.RegisterSchemaResponse;
import io.relationshiplayer.proto.v1.SaveMode;
import io.relationshiplayer.proto.v1.Schema;
import io.relationshiplayer.records.grpc.testproto.CatalogProto;
import io.relationshiplayer.records.grpc.testproto.CommonProto;
import io.relationshiplayer.records.grpc.testproto.Item;
import io.relationshiplayer.records.grpc.testproto.Order;
import java.io.IOException;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Schema evolution through RegisterSchema: what the Record Layer's evolution validator accepts raises the version; what
 * it refuses fails FAILED_PRECONDITION with the reason and changes nothing. Indexes added to populated databases are
 * built online. GetSchema reports the schema, its version and index states.
 */
class SchemaEvolutionTest extends ServerFixture {

    /** The catalog file with {@code change} applied to its Item message. */
    static FileDescriptorProto catalogWithItem(UnaryOperator<DescriptorProto.Builder> change) {
        FileDescriptorProto.Builder f = CatalogProto.getDescriptor().toProto().toBuilder();
        for (int i = 0; i < f.getMessageTypeCount(); i++) {
            if (f.getMessageType(i).getName().equals("Item")) {
                f.setMessageType(i, change.apply(f.getMessageType(i).toBuilder()));
            }
        }
        return f.build();
    }

    static FileDescriptorSet files(FileDescriptorProto catalog) {
        return FileDescriptorSet.newBuilder().addFile(CommonProto.getDescriptor().toProto()).addFile(catalog).build();
    }

    static Schema schema(FileDescriptorProto catalog, List<String> types, IndexDefinition... indexes) {
        Schema.Builder s = Schema.newBuilder().setFiles(files(catalog)).setRecordsFile(RECORDS_FILE)
                .addAllIndexes(List.of(indexes));
        types.forEach(t -> s.addRecordTypes(RecordTypeDefinition.newBuilder().setName(t).addPrimaryKey("id")));
        return s.build();
    }

    static FileDescriptorProto original() {
        return CatalogProto.getDescriptor().toProto();
    }

    static FileDescriptorProto withColor() {
        return catalogWithItem(m -> m.addField(FieldDescriptorProto.newBuilder().setName("color").setNumber(20)
                .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL).setType(FieldDescriptorProto.Type.TYPE_STRING)));
    }

    GetSchemaResponse getSchema() {
        return blocking().getSchema(GetSchemaRequest.newBuilder().setDatabase(db).build());
    }

    static ByteString itemWithColor(long id, String color) throws IOException {
        ByteString.Output out = ByteString.newOutput();
        CodedOutputStream c = CodedOutputStream.newInstance(out);
        item(id).writeTo(c);
        c.writeString(20, color);
        c.flush();
        return out.toByteString();
    }

    @Test
    void addingAFieldARecordTypeAndAnIndexRaisesTheVersion() throws Exception {
        IndexDefinition byCategory = valueIndex("by_category", "category");
        int v1 = register(db, schema(original(), List.of("Item"), byCategory)).getVersion();
        saveItems(db, items(0, 20), 20);
        QueryRequest byColor = QueryRequest.newBuilder().setDatabase(db).addTypes("Item")
                .setFilter(cmp("color", Comparison.Op.EQUALS, "red")).build();
        expectError(Status.Code.INVALID_ARGUMENT, () -> drain(blocking().query(byColor)));
        expectError(Status.Code.INVALID_ARGUMENT, () -> save(db, SaveMode.INSERT,
                message("Order", Order.newBuilder().setId(1).build())));

        // A field.
        int v2 = register(db, schema(withColor(), List.of("Item"), byCategory)).getVersion();
        assertThat(v2).isGreaterThan(v1);
        ByteString red = itemWithColor(100, "red");
        save(db, SaveMode.INSERT, RecordMessage.newBuilder().setType("Item").setMessage(red).build());
        assertThat(drain(blocking().query(byColor)).records()).extracting(RecordMessage::getMessage)
                .containsExactly(red);

        // A record type.
        int v3 = register(db, schema(withColor(), List.of("Item", "Order"), byCategory)).getVersion();
        assertThat(v3).isGreaterThan(v2);
        Order order = Order.newBuilder().setId(1).setItemId(100).setQuantity(3).build();
        save(db, SaveMode.INSERT, message("Order", order));
        assertThat(load(db, "Order", key(1L)).get(0).getRecord().getMessage()).isEqualTo(order.toByteString());

        // An index.
        RegisterSchemaResponse r4 = register(db, schema(withColor(), List.of("Item", "Order"), byCategory,
                valueIndex("by_price", "price")));
        assertThat(r4.getVersion()).isGreaterThan(v3);
        assertThat(r4.getIndexesList()).extracting(IndexState::getName)
                .containsExactlyInAnyOrder("by_category", "by_price");
        assertThat(r4.getIndexesList()).allSatisfy(i -> assertThat(i.getState()).isEqualTo(IndexState.State.READABLE));
        Streamed byPrice = drain(blocking().query(QueryRequest.newBuilder().setDatabase(db).addTypes("Item")
                .setFilter(cmp("price", Comparison.Op.LESS_THAN, 100L)).setExplain(true).build()));
        assertThat(byPrice.plan()).contains("by_price");
        assertThat(ids(byPrice.records())).containsExactlyInAnyOrderElementsOf(
                expectedIds(items(0, 20), i -> i.getPrice() < 100));

        // Everything saved under earlier versions is still there.
        assertThat(count(db, "Item")).isEqualTo(21);
        assertThat(load(db, "Item", key(7L)).get(0).getRecord().getMessage()).isEqualTo(item(7).toByteString());

        GetSchemaResponse s = getSchema();
        assertThat(s.getVersion()).isEqualTo(r4.getVersion());
        assertThat(s.getSchema().getRecordsFile()).isEqualTo(RECORDS_FILE);
        assertThat(s.getSchema().getRecordTypesList()).extracting(RecordTypeDefinition::getName)
                .containsExactlyInAnyOrder("Item", "Order");
        assertThat(s.getSchema().getRecordTypesList()).allSatisfy(t ->
                assertThat(t.getPrimaryKeyList()).containsExactly("id"));
        assertThat(s.getSchema().getIndexesList()).extracting(IndexDefinition::getName)
                .containsExactlyInAnyOrder("by_category", "by_price");
        assertThat(s.getSchema().getFiles().getFileList()).extracting(FileDescriptorProto::getName)
                .contains(RECORDS_FILE, CommonProto.getDescriptor().getName());
        FileDescriptorProto exported = s.getSchema().getFiles().getFileList().stream()
                .filter(f -> f.getName().equals(RECORDS_FILE)).findFirst().orElseThrow();
        DescriptorProto exportedItem = exported.getMessageTypeList().stream()
                .filter(m -> m.getName().equals("Item")).findFirst().orElseThrow();
        assertThat(exportedItem.getFieldList()).extracting(FieldDescriptorProto::getName).contains("color");
        assertThat(s.getIndexesList()).extracting(IndexState::getName)
                .containsExactlyInAnyOrder("by_category", "by_price");
    }

    @Test
    void theSchemaGetSchemaReturnsRegistersAgain() {
        register(db, catalogSchema(valueIndex("by_category", "category"), valueIndex("by_city", "address.city")));
        saveItems(db, items(0, 10), 10);
        GetSchemaResponse first = getSchema();
        RegisterSchemaResponse again = register(db, first.getSchema());
        assertThat(again.getVersion()).isGreaterThanOrEqualTo(first.getVersion());
        GetSchemaResponse second = getSchema();
        assertThat(second.getSchema().getIndexesList()).isEqualTo(first.getSchema().getIndexesList());
        assertThat(second.getSchema().getRecordTypesList()).containsExactlyInAnyOrderElementsOf(
                first.getSchema().getRecordTypesList());
        assertThat(count(db, "Item")).isEqualTo(10);
    }

    /** A refused change: FAILED_PRECONDITION with a reason; the schema, version and data stay as they were. */
    void assertRefused(Schema change, String... reasonMentionsOneOf) {
        GetSchemaResponse before = getSchema();
        StatusRuntimeException e = expectError(Status.Code.FAILED_PRECONDITION, () -> register(db, change));
        assertThat(e.getStatus().getDescription()).as("the reason").isNotBlank();
        assertThat(reasonMentionsOneOf).anySatisfy(word ->
                assertThat(e.getStatus().getDescription()).containsIgnoringCase(word));
        GetSchemaResponse after = getSchema();
        assertThat(after.getVersion()).isEqualTo(before.getVersion());
        assertThat(after.getSchema()).isEqualTo(before.getSchema());
        assertThat(count(db, "Item")).isEqualTo(10);
        assertServing();
    }

    @Test
    void changingAFieldsTypeIsRefused() {
        register(db, catalogSchema(valueIndex("by_category", "category")));
        saveItems(db, items(0, 10), 10);
        FileDescriptorProto priceAsString = catalogWithItem(m -> {
            for (int i = 0; i < m.getFieldCount(); i++) {
                if (m.getField(i).getName().equals("price")) {
                    m.setField(i, m.getField(i).toBuilder().setType(FieldDescriptorProto.Type.TYPE_STRING));
                }
            }
            return m;
        });
        assertRefused(schema(priceAsString, List.of("Item", "Order"), valueIndex("by_category", "category")),
                "type", "price");
    }

    @Test
    void changingAPrimaryKeyIsRefused() {
        register(db, catalogSchema(valueIndex("by_category", "category")));
        saveItems(db, items(0, 10), 10);
        Schema bySku = catalogSchema(valueIndex("by_category", "category")).toBuilder()
                .setRecordTypes(0, RecordTypeDefinition.newBuilder().setName("Item").addPrimaryKey("sku")).build();
        assertRefused(bySku, "primary key");
    }

    @Test
    void removingARecordTypeIsRefused() {
        register(db, catalogSchema(valueIndex("by_category", "category")));
        saveItems(db, items(0, 10), 10);
        FileDescriptorProto.Builder withoutOrder = original().toBuilder();
        for (int i = 0; i < withoutOrder.getMessageTypeCount(); i++) {
            if (withoutOrder.getMessageType(i).getName().equals("Order")) {
                withoutOrder.removeMessageType(i);
                break;
            }
        }
        assertRefused(schema(withoutOrder.build(), List.of("Item"), valueIndex("by_category", "category")),
                "Order", "removed");
    }

    @Test
    void anIndexAddedToAPopulatedDatabaseIsBuiltOnlineAndThenUsed() {
        register(db, catalogSchema(valueIndex("by_category", "category")));
        List<Item> items = items(0, 450);
        saveItems(db, items, 150);

        RegisterSchemaResponse r = blocking().registerSchema(RegisterSchemaRequest.newBuilder().setDatabase(db)
                .setSchema(catalogSchema(valueIndex("by_category", "category"), valueIndex("by_price", "price")))
                .setWaitForIndexes(true).build());
        assertThat(r.getIndexesList()).contains(IndexState.newBuilder().setName("by_price")
                .setState(IndexState.State.READABLE).build());
        assertThat(getSchema().getIndexesList()).contains(IndexState.newBuilder().setName("by_price")
                .setState(IndexState.State.READABLE).build(), IndexState.newBuilder().setName("by_category")
                .setState(IndexState.State.READABLE).build());

        QueryRequest q = QueryRequest.newBuilder().setDatabase(db).addTypes("Item")
                .setFilter(cmp("price", Comparison.Op.GREATER_THAN_OR_EQUALS, 900L)).setExplain(true).build();
        Streamed s = drain(blocking().query(q));
        assertThat(s.plan()).contains("by_price");
        assertThat(ids(s.records())).containsExactlyInAnyOrderElementsOf(expectedIds(items, i -> i.getPrice() >= 900));

        // Maintained for writes after the build.
        save(db, SaveMode.INSERT, message(item(10_000).toBuilder().setPrice(999).build()));
        assertThat(ids(drain(blocking().query(q)).records())).contains(10_000L);
    }
}
