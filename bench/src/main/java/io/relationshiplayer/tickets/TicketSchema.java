package io.relationshiplayer.tickets;

import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import io.grpc.Status;
import io.relationshiplayer.client.RecordClient;
import io.relationshiplayer.client.RecordClientException;
import io.relationshiplayer.proto.v1.RecordTypeDefinition;
import io.relationshiplayer.proto.v1.RegisterSchemaRequest;
import io.relationshiplayer.proto.v1.Schema;
import io.relationshiplayer.proto.v1.tickets.TicketProto;
import io.relationshiplayer.records.RecordServiceException;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.records.SchemaExport;
import javax.annotation.Nonnull;

/**
 * The study's ticket schema in the record service's terms: the generated {@code rl/v1/ticket.proto}, record type
 * {@code Ticket} with primary key {@code id} and no secondary index. {@code ensure} creates the tickets database and
 * registers the schema when it is missing or differs, through the service or in process; it is idempotent.
 */
public final class TicketSchema {
    /** The record service database the tickets live in. */
    public static final String DATABASE = "tickets";
    /** The record type of a ticket. */
    public static final String TYPE = "Ticket";

    private static final Schema SCHEMA = Schema.newBuilder()
            .setFiles(FileDescriptorSet.newBuilder().addFile(TicketProto.getDescriptor().toProto()))
            .setRecordsFile(TicketProto.getDescriptor().getName())
            .addRecordTypes(RecordTypeDefinition.newBuilder().setName(TYPE).addPrimaryKey("id"))
            .build();

    private TicketSchema() {
    }

    /** The tickets' schema as RegisterSchema takes it. */
    @Nonnull
    public static Schema schema() {
        return SCHEMA;
    }

    /** Whether a database's current schema is the tickets' schema (so that registering it again changes nothing). */
    public static boolean isCurrent(@Nonnull Schema stored) {
        return stored.equals(SCHEMA);
    }

    /** Creates the database and registers the schema through the record service unless both are there already. */
    public static void ensure(@Nonnull RecordClient records) {
        // look first, so that a caller with only the write role uses a database an admin has set up
        Schema stored = null;
        try {
            stored = records.getSchema(DATABASE).getSchema();
        } catch (RecordClientException e) {
            if (e.code() == Status.Code.NOT_FOUND) {
                records.createDatabase(DATABASE, true);
            } else if (e.code() != Status.Code.FAILED_PRECONDITION) {
                throw e;
            }
        }
        if (stored == null || !isCurrent(stored)) {
            records.registerSchema(RegisterSchemaRequest.newBuilder().setDatabase(DATABASE).setSchema(SCHEMA)
                    .setWaitForIndexes(true).build());
        }
    }

    /** Creates the database and registers the schema in process unless both are there already. */
    public static void ensure(@Nonnull RecordStores stores) {
        stores.createDatabase(DATABASE, true);
        Schema stored = null;
        try {
            stored = SchemaExport.toSchema(stores.schemaInfo(DATABASE).metaData());
        } catch (RecordServiceException e) {
            if (e.kind() != RecordServiceException.Kind.FAILED_PRECONDITION) {
                throw e;
            }
        }
        if (stored == null || !isCurrent(stored)) {
            stores.registerSchema(DATABASE, SCHEMA, true);
        }
    }
}
