package io.relationshiplayer.sql;

import io.relationshiplayer.relationships.RelationshipLayer;
import java.util.Objects;
import javax.annotation.Nonnull;

/** SQL over the relationship layer: opens sessions on databases (creating a database on first use). */
public final class SqlEngine {
    private final RelationshipLayer layer;

    public SqlEngine(@Nonnull RelationshipLayer layer) {
        this.layer = Objects.requireNonNull(layer, "layer is null");
    }

    public RelationshipLayer layer() {
        return layer;
    }

    /** A session on {@code database}, which is created if it does not exist. */
    @Nonnull
    public SqlSession open(@Nonnull String database) {
        try {
            layer.ensureDatabase(database);
        } catch (RuntimeException e) {
            throw SqlErrors.toSql(e);
        }
        return new SqlSession(layer, database);
    }
}
