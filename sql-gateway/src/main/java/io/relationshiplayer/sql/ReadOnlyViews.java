package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.RecordLayerView;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorTable;

/** Views are read-only: INSERT, UPDATE, DELETE and MERGE naming one are refused (0A000) before they are planned. */
final class ReadOnlyViews {
    private ReadOnlyViews() {
    }

    /** Fails if {@code target}, the table a write names, is a view; {@code verb} says what the write would do. */
    static void refuse(SqlValidator validator, SqlNode target, String verb) {
        SqlNode node = target;
        while (node instanceof SqlCall call && !call.getOperandList().isEmpty()) {
            node = call.getOperandList().get(0); // a table with an alias or extended columns
        }
        if (!(node instanceof SqlIdentifier id)) {
            return;
        }
        SqlValidatorTable table = validator.getCatalogReader().getTable(id.names);
        RecordLayerView view = table == null ? null : table.unwrap(RecordLayerView.class);
        if (view != null) {
            throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "cannot " + verb + " view \""
                    + view.view().getName() + "\": views are read-only (write to the tables it reads)",
                    id.getParserPosition().getLineNum(), id.getParserPosition().getColumnNum(), null);
        }
    }
}
