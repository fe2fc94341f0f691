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
 * The catalog changes of one database, made either each in a transaction of its own, new indexes then built online
 * ({@link RelationshipLayer#editor(String)}), or all in a caller's transaction, which commits or rolls back them with
 * its other writes ({@link RelationshipLayer#editor(String, com.apple.foundationdb.record.provider.foundationdb
 * .FDBRecordContext)}). DDL runs through one of them, so that it reads the same whichever runs it.
 */
public interface CatalogEditor {
    /** The catalog as the changes see it. */
    @Nonnull
    Catalog catalog();

    void createTable(@Nonnull TableDef table, boolean ifNotExists);

    void dropTable(@Nonnull String table, boolean ifExists, boolean cascade);

    /** Adds a column; existing rows take its DEFAULT. */
    void addColumn(@Nonnull String table, @Nonnull ColumnDef column);

    /** Adds a secondary index or, with {@code unique}, a unique constraint (refused when existing rows break it). */
    void createIndex(@Nonnull String table, @Nonnull IndexDef index, boolean unique);

    /** Adds a COUNT index: rows per distinct value of its columns. */
    void createCountIndex(@Nonnull String table, @Nonnull IndexDef index);

    void dropIndex(@Nonnull String table, @Nonnull String index);

    /** Adds a foreign key (refused when existing rows reference missing ones). */
    void addForeignKey(@Nonnull String table, @Nonnull ForeignKeyDef foreignKey);

    void dropConstraint(@Nonnull String table, @Nonnull String constraint);

    /** Drops a column with the table's own indexes and constraints on it (another table's foreign key: cascade). */
    void dropColumn(@Nonnull String table, @Nonnull String column, boolean cascade);

    /** Adds a CHECK constraint; every existing row must pass it. */
    void addCheck(@Nonnull String table, @Nonnull CheckDef check);

    /**
     * Creates the view {@code view} (its columns and the relations it reads, which the caller found), or with
     * {@code orReplace} replaces the view of that name under PostgreSQL's rules; the Record Layer schema is untouched.
     */
    void createView(@Nonnull ViewDef view, boolean orReplace);

    /** Drops the views {@code names} ({@code ifExists}: those that exist), with {@code cascade} the views reading them. */
    void dropViews(@Nonnull List<String> names, boolean ifExists, boolean cascade);
}
