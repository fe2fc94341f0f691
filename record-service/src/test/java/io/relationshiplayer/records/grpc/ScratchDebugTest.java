package io.relationshiplayer.records.grpc;

import com.google.protobuf.ByteString;
import io.relationshiplayer.proto.v1.*;
import org.junit.jupiter.api.Test;

class ScratchDebugTest extends ServerFixture {
    @Test
    void show() {
        register(db, catalogSchema(valueIndex("by_price", "price")));
        saveItems(db, items(0, 50), 50);
        ByteString token = drain(blocking().scan(ScanRequest.newBuilder().setDatabase(db).setType("Item").setLimit(10).build())).last().getContinuation();
        System.out.println("DBG token " + token);
        ByteString garbage = token.substring(0, 1).concat(ByteString.copyFrom(new byte[] {(byte) 0xFF, 0x13, 0x37, (byte) 0xFE, 0x00, 0x42}));
        Streamed s = drain(blocking().scan(ScanRequest.newBuilder().setDatabase(db).setType("Item").setContinuation(garbage).build()));
        System.out.println("DBG scan records " + s.records().size() + " batches " + s.batches().size());
        Streamed q = drain(blocking().query(QueryRequest.newBuilder().setDatabase(db).addTypes("Item")
                .setFilter(cmp("price", Comparison.Op.GREATER_THAN, 10L)).addSort("price").setExplain(true).setContinuation(garbage).build()));
        System.out.println("DBG query records " + q.records().size() + " plan " + q.plan());
        ByteString g2 = token.substring(0, 1).concat(ByteString.copyFrom(new byte[] {0x15, 0x03}));
        Streamed s2 = drain(blocking().scan(ScanRequest.newBuilder().setDatabase(db).setType("Item").setContinuation(g2).build()));
        System.out.println("DBG scan2 records " + s2.records().size() + " first " + ids(s2.records()).get(0));
    }
}
