package io.relationshiplayer.relationships;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldOptions;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.proto.v1.IndexDefinition;
import io.relationshiplayer.proto.v1.IndexType;
import io.relationshiplayer.proto.v1.JoinedTypeDefinition;
import io.relationshiplayer.proto.v1.MaterializedJoinDef;
import io.relationshiplayer.proto.v1.RecordTypeDefinition;
import io.relationshiplayer.proto.v1.Schema;
import io.relationshiplayer.proto.v1.TableDef;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The Record Layer schema a catalog generates: one record message per table (a field per column, numbered once and
 * never reused), its primary key, and a value index per secondary index, unique constraint and foreign key. Dropped
 * tables keep their messages and dropped columns their fields (deprecated): the Record Layer never forgets a record
 * type nor removes a field.
 */
final class SchemaGenerator {
    static final String FILE = "rl_tables.proto";
    /** Marks the meta-data as SQL tables: the record service reads them but refuses writes (see SqlTables). */
    static final String PACKAGE = io.relationshiplayer.records.SqlTables.PACKAGE;

    private SchemaGenerator() {
    }

    static Schema schema(Catalog catalog) {
        FileDescriptorProto.Builder file = FileDescriptorProto.newBuilder().setName(FILE).setPackage(PACKAGE)
                .setSyntax("proto2");
        Schema.Builder schema = Schema.newBuilder().setRecordsFile(FILE);
        List<TableDef> all = new ArrayList<>(catalog.def().getRetiredTablesList());
        all.addAll(catalog.def().getTablesList());
        for (TableDef t : all) {
            file.addMessageType(message(t));
            List<String> key = new ArrayList<>();
            Table table = new Table(t);
            for (int i : table.primaryKey()) {
                key.add(table.fieldName(i));
            }
            schema.addRecordTypes(RecordTypeDefinition.newBuilder().setName(t.getRecordType()).addAllPrimaryKey(key));
        }
        for (TableDef t : catalog.def().getTablesList()) {
            Table table = new Table(t);
            // An index shared by several of the table's keys (all of exactly the same columns) is generated once.
            Set<String> generated = new HashSet<>();
            for (IndexDef u : t.getUniqueConstraintsList()) {
                String name = Indexes.recordIndex(t.getName(), u);
                if (generated.add(name)) {
                    schema.addIndexes(index(table, name, Indexes.columnNames(u)));
                }
            }
            for (IndexDef i : t.getIndexesList()) {
                String name = Indexes.recordIndex(t.getName(), i);
                if (generated.add(name)) {
                    schema.addIndexes(index(table, name, Indexes.columnNames(i)));
                }
            }
            for (IndexDef c : t.getCountIndexesList()) {
                schema.addIndexes(index(table, Indexes.recordIndex(t.getName(), c), Indexes.columnNames(c))
                        .toBuilder().setType(IndexType.COUNT).setGroupSize(c.getColumnsCount()));
                for (String sum : c.getSumColumnsList()) {
                    List<String> fields = new ArrayList<>(Indexes.columnNames(c));
                    fields.add(sum);
                    schema.addIndexes(index(table, Indexes.sumIndex(t.getName(), c, sum), fields)
                            .toBuilder().setType(IndexType.SUM).setGroupSize(c.getColumnsCount()));
                }
            }
            for (ForeignKeyDef fk : t.getForeignKeysList()) {
                String name = Indexes.foreignKeyIndex(t.getName(), fk);
                if (name != null && generated.add(name)) {
                    schema.addIndexes(index(table, name, fk.getColumnsList()));
                }
            }
            for (MaterializedJoinDef j : t.getMaterializedJoinsList()) {
                materialize(catalog, table, j, schema);
            }
        }
        return schema.setFiles(FileDescriptorSet.newBuilder().addFile(file)).build();
    }

    /**
     * A foreign key as a joined record type of child and parent rows, joined on its columns, with an index on
     * "child.column" / "parent.column" paths.
     */
    private static void materialize(Catalog catalog, Table child, MaterializedJoinDef j, Schema.Builder schema) {
        ForeignKeyDef fk = foreignKey(child, j.getForeignKey());
        Table parent = catalog.requireTable(fk.getReferencedTable());
        String type = Indexes.joinedType(child.name(), j.getName());
        JoinedTypeDefinition.Builder joined = JoinedTypeDefinition.newBuilder().setName(type)
                .addConstituents(JoinedTypeDefinition.Constituent.newBuilder().setName(CHILD)
                        .setRecordType(child.recordType()))
                .addConstituents(JoinedTypeDefinition.Constituent.newBuilder().setName(PARENT)
                        .setRecordType(parent.recordType()));
        for (int i = 0; i < fk.getColumnsCount(); i++) {
            joined.addJoins(JoinedTypeDefinition.Join.newBuilder()
                    .setLeft(CHILD).setLeftField(child.fieldName(child.requireColumn(fk.getColumns(i))))
                    .setRight(PARENT).setRightField(parent.fieldName(parent.requireColumn(
                            fk.getReferencedColumns(i)))));
        }
        schema.addJoinedTypes(joined);
        IndexDefinition.Builder index = IndexDefinition.newBuilder().setName(Indexes.joinIndex(child.name(),
                j.getName())).setType(IndexType.VALUE).addRecordTypes(type);
        for (String path : j.getIndexColumnsList()) {
            index.addFields(joinField(child, parent, path));
        }
        schema.addIndexes(index);
    }

    static final String CHILD = "child";
    static final String PARENT = "parent";

    /** "child.col" or "parent.col" as the joined record's field path. */
    static String joinField(Table child, Table parent, String path) {
        int dot = path.indexOf('.');
        String side = dot < 0 ? "" : path.substring(0, dot).toLowerCase(java.util.Locale.ROOT);
        if (!side.equals(CHILD) && !side.equals(PARENT)) {
            throw RelationalException.invalid("materialized join column \"" + path + "\" must be child.<column> or "
                    + "parent.<column>");
        }
        Table t = side.equals(CHILD) ? child : parent;
        return side + "." + t.fieldName(t.requireColumn(path.substring(dot + 1)));
    }

    static ForeignKeyDef foreignKey(Table t, String name) {
        for (ForeignKeyDef fk : t.foreignKeys()) {
            if (Table.key(fk.getName()).equals(Table.key(name))) {
                return fk;
            }
        }
        throw RelationalException.undefined("foreign key \"" + name + "\" of table \"" + t.name()
                + "\" does not exist");
    }

    private static IndexDefinition index(Table table, String name, List<String> columns) {
        IndexDefinition.Builder b = IndexDefinition.newBuilder().setName(name).setType(IndexType.VALUE)
                .addRecordTypes(table.recordType());
        for (String c : columns) {
            b.addFields(table.fieldName(table.requireColumn(c)));
        }
        return b.build();
    }

    private static DescriptorProto message(TableDef t) {
        DescriptorProto.Builder m = DescriptorProto.newBuilder().setName(t.getRecordType());
        for (ColumnDef c : t.getColumnsList()) {
            m.addField(FieldDescriptorProto.newBuilder().setName(Table.fieldName(c)).setNumber(c.getFieldNumber())
                    .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL).setType(fieldType(c)));
        }
        for (ColumnDef c : t.getDroppedColumnsList()) {
            m.addField(FieldDescriptorProto.newBuilder().setName(Table.fieldName(c)).setNumber(c.getFieldNumber())
                    .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL).setType(fieldType(c))
                    .setOptions(FieldOptions.newBuilder().setDeprecated(true)));
        }
        return m.build();
    }

    private static FieldDescriptorProto.Type fieldType(ColumnDef c) {
        switch (c.getType().getKind()) {
            case BIGINT:
            case DECIMAL:
            case TIMESTAMP:
            case TIME:
                return FieldDescriptorProto.Type.TYPE_INT64;
            case INTEGER:
            case SMALLINT:
            case DATE:
                return FieldDescriptorProto.Type.TYPE_INT32;
            case DOUBLE:
                return FieldDescriptorProto.Type.TYPE_DOUBLE;
            case BOOLEAN:
                return FieldDescriptorProto.Type.TYPE_BOOL;
            case VARCHAR:
                return FieldDescriptorProto.Type.TYPE_STRING;
            case VARBINARY:
                return FieldDescriptorProto.Type.TYPE_BYTES;
            default:
                throw RelationalException.invalid("column \"" + c.getName() + "\" has no type");
        }
    }
}
