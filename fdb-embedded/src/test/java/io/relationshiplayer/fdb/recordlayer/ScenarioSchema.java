package io.relationshiplayer.fdb.recordlayer;

import static com.apple.foundationdb.record.metadata.Key.Expressions.field;

import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.RecordMetaDataBuilder;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecord;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.keyspace.KeySpace;
import com.apple.foundationdb.record.provider.foundationdb.keyspace.KeySpaceDirectory;
import com.apple.foundationdb.record.provider.foundationdb.keyspace.KeySpacePath;
import com.google.protobuf.Message;
import io.relationshiplayer.fdb.recordlayer.proto.ScenarioProto;
import io.relationshiplayer.fdb.recordlayer.proto.ScenarioProto.Comment;
import io.relationshiplayer.fdb.recordlayer.proto.ScenarioProto.Ticket;
import javax.annotation.Nonnull;

/** The scenarios' key space, meta-data and records. */
final class ScenarioSchema {
    static final String TICKET = "Ticket";
    static final String COMMENT = "Comment";

    /**
     * /scenarios/test/case: a directory per test (named uniquely per run, see {@link EngineScenario}), and under it
     * one per case (record store) of the test.
     */
    static final KeySpace KEY_SPACE = new KeySpace(
            new KeySpaceDirectory("scenarios", KeySpaceDirectory.KeyType.STRING, "rl-scenarios")
                    .addSubdirectory(new KeySpaceDirectory("test", KeySpaceDirectory.KeyType.STRING)
                            .addSubdirectory(new KeySpaceDirectory("case", KeySpaceDirectory.KeyType.STRING))));

    private ScenarioSchema() {
    }

    static KeySpacePath testPath(@Nonnull String test) {
        return KEY_SPACE.path("scenarios").add("test", test);
    }

    /** Tickets and comments keyed by id, without indexes: each scenario adds its own. */
    static RecordMetaDataBuilder metaData() {
        RecordMetaDataBuilder builder = RecordMetaData.newBuilder().setRecords(ScenarioProto.getDescriptor());
        builder.getRecordType(TICKET).setPrimaryKey(field("id"));
        builder.getRecordType(COMMENT).setPrimaryKey(field("id"));
        return builder;
    }

    static FDBRecordStore.Builder store(@Nonnull RecordMetaData metaData, @Nonnull KeySpacePath path) {
        return FDBRecordStore.newBuilder().setMetaDataProvider(metaData).setKeySpacePath(path);
    }

    static Ticket ticket(long id, String key, String title, int priority) {
        return Ticket.newBuilder().setId(id).setKey(key).setTitle(title)
                .setDescription("description of " + key).setPriority(priority).build();
    }

    static Comment comment(long id, long ticketId, String body) {
        return Comment.newBuilder().setId(id).setTicketId(ticketId).setAuthor("author-" + id).setBody(body).build();
    }

    static Ticket asTicket(@Nonnull FDBRecord<Message> record) {
        return Ticket.newBuilder().mergeFrom(record.getRecord()).build();
    }
}
