package io.relationshiplayer.sql.calcite;

import java.util.List;
import javax.annotation.Nonnull;
import org.apache.calcite.rel.type.RelDataType;

/**
 * What a view needs of the SQL engine: its query parsed and validated as the statements that read the view validate
 * it (the same parser, validator and catalog), without planning it.
 */
public interface ViewQueries {
    /**
     * A validated query: its result type (the columns as Calcite names them), the name each column has in the query as
     * written (where Calcite renamed a duplicate that {@code *} brought in, the name before it did), and the tables and
     * views it reads.
     */
    record Analysis(RelDataType rowType, List<String> writtenNames, List<String> references) {
        public Analysis {
            writtenNames = List.copyOf(writtenNames);
            references = List.copyOf(references);
        }
    }

    @Nonnull
    Analysis analyze(@Nonnull String query);
}
