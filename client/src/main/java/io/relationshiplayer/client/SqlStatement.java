package io.relationshiplayer.client;

import java.util.List;
import java.util.Objects;
import javax.annotation.Nonnull;

/** One statement of a batch of several ({@link SqlSession#executeBatch(List)}): its text and its parameters. */
public record SqlStatement(@Nonnull String sql, @Nonnull List<Object> params) {
    public SqlStatement {
        Objects.requireNonNull(sql, "sql is null");
        params = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(params));
    }

    public static SqlStatement of(@Nonnull String sql, @Nonnull Object... params) {
        return new SqlStatement(sql, java.util.Arrays.asList(params));
    }
}
