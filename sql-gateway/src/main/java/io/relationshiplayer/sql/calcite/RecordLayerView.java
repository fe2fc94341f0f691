package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.proto.v1.ViewColumn;
import io.relationshiplayer.proto.v1.ViewDef;
import io.relationshiplayer.sql.SqlException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;

/**
 * A view of the catalog as a Calcite table: its query is expanded into the plan of each statement that reads it (so
 * filters, sorts and joins are pushed through it into the Record Layer reads as through any subquery), and its columns
 * are the ones the query had when the view was made, picked by name from what the query produces now (a column added
 * to a table that the query reads with {@code *} does not appear, as in PostgreSQL). Read-only.
 */
public final class RecordLayerView extends AbstractTable implements TranslatableTable {
    private final ViewDef view;
    private final List<String> schemaPath;
    private final ViewQueries queries;

    RecordLayerView(ViewDef view, List<String> schemaPath, ViewQueries queries) {
        this.view = view;
        this.schemaPath = List.copyOf(schemaPath);
        this.queries = queries;
    }

    public ViewDef view() {
        return view;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        List<RelDataTypeField> fields = queries.analyze(view.getQuery()).rowType().getFieldList();
        int[] picks = picks(fields.stream().map(RelDataTypeField::getName).toList());
        RelDataTypeFactory.Builder b = typeFactory.builder();
        for (int i = 0; i < picks.length; i++) {
            b.add(view.getColumns(i).getName(), typeFactory.copyType(fields.get(picks[i]).getType()));
        }
        return b.build();
    }

    @Override
    public Schema.TableType getJdbcTableType() {
        return Schema.TableType.VIEW;
    }

    @Override
    public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
        RelDataType rowType = relOptTable.getRowType();
        RelRoot root = context.expandView(rowType, view.getQuery(), schemaPath, List.of(view.getName()));
        RelNode rel = root.project();
        // The validated names, as the view's columns were chosen by (the plan's own make duplicates unique).
        int[] picks = picks(root.validatedRowType.getFieldNames());
        boolean all = picks.length == rel.getRowType().getFieldCount();
        for (int i = 0; all && i < picks.length; i++) {
            all = picks[i] == i;
        }
        if (!all) {
            rel = RelOptUtil.createProject(rel, org.apache.calcite.util.ImmutableIntList.of(picks));
        }
        RelNode renamed = RelOptUtil.createCastRel(rel, rowType, true);
        // Views the query reads are expanded in turn.
        return renamed.accept(new RelShuttleImpl() {
            @Override
            public RelNode visit(TableScan scan) {
                TranslatableTable t = scan.getTable().unwrap(TranslatableTable.class);
                if (t instanceof RecordLayerView) {
                    return t.toRel(context, scan.getTable());
                }
                return super.visit(scan);
            }
        });
    }

    /**
     * For each column of the view, its position among {@code produced} (the query's columns now): the column of its
     * query name, the k-th of that name for the k-th view column that has it.
     */
    private int[] picks(List<String> produced) {
        int[] picks = new int[view.getColumnsCount()];
        List<String> wanted = new ArrayList<>();
        for (int i = 0; i < picks.length; i++) {
            ViewColumn c = view.getColumns(i);
            String name = c.getQueryColumn();
            int occurrence = (int) wanted.stream().filter(name::equals).count();
            wanted.add(name);
            int found = -1;
            for (int j = 0, seen = 0; j < produced.size() && found < 0; j++) {
                if (produced.get(j).equals(name) && seen++ == occurrence) {
                    found = j;
                }
            }
            if (found < 0) {
                throw new SqlException(SqlException.UNDEFINED_COLUMN, "view \"" + view.getName() + "\": its query no "
                        + "longer has column \"" + name + "\"");
            }
            picks[i] = found;
        }
        return picks;
    }
}
