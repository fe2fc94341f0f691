package io.relationshiplayer.relationships;

import io.relationshiplayer.proto.v1.CheckDef;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.proto.v1.TableDef;
import io.relationshiplayer.proto.v1.ViewDef;
import java.util.List;
import javax.annotation.Nonnull;

/**
 * Catalog changes each committed in a transaction of its own, through the layer's change methods: new indexes are
 * then built online, whatever the table's size. What a statement outside any transaction of the caller uses.
 */
final class CommittingCatalogEditor implements CatalogEditor {
    private final RelationshipLayer layer;
    private final String database;

    CommittingCatalogEditor(RelationshipLayer layer, String database) {
        this.layer = layer;
        this.database = database;
    }

    @Nonnull
    @Override
    public Catalog catalog() {
        return layer.catalog(database);
    }

    @Override
    public void createTable(@Nonnull TableDef table, boolean ifNotExists) {
        layer.createTable(database, table, ifNotExists);
    }

    @Override
    public void dropTable(@Nonnull String table, boolean ifExists, boolean cascade) {
        layer.dropTable(database, table, ifExists, cascade);
    }

    @Override
    public void addColumn(@Nonnull String table, @Nonnull ColumnDef column) {
        layer.addColumn(database, table, column);
    }

    @Override
    public void createIndex(@Nonnull String table, @Nonnull IndexDef index, boolean unique) {
        layer.createIndex(database, table, index, unique);
    }

    @Override
    public void createCountIndex(@Nonnull String table, @Nonnull IndexDef index) {
        layer.createCountIndex(database, table, index);
    }

    @Override
    public void dropIndex(@Nonnull String table, @Nonnull String index) {
        layer.dropIndex(database, table, index);
    }

    @Override
    public void addForeignKey(@Nonnull String table, @Nonnull ForeignKeyDef foreignKey) {
        layer.addForeignKey(database, table, foreignKey);
    }

    @Override
    public void dropConstraint(@Nonnull String table, @Nonnull String constraint) {
        layer.dropConstraint(database, table, constraint);
    }

    @Override
    public void dropColumn(@Nonnull String table, @Nonnull String column, boolean cascade) {
        layer.dropColumn(database, table, column, cascade);
    }

    @Override
    public void addCheck(@Nonnull String table, @Nonnull CheckDef check) {
        layer.addCheck(database, table, check);
    }

    @Override
    public void createView(@Nonnull ViewDef view, boolean orReplace) {
        layer.createView(database, view, orReplace);
    }

    @Override
    public void dropViews(@Nonnull List<String> names, boolean ifExists, boolean cascade) {
        layer.dropViews(database, names, ifExists, cascade);
    }
}
