package io.relationshiplayer.relationships;

import io.relationshiplayer.proto.v1.CatalogDef;
import io.relationshiplayer.proto.v1.CheckDef;
import io.relationshiplayer.proto.v1.TableDef;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * CHECK constraints in catalog changes. Each is compiled against its table as it is added (so that an expression that
 * is no valid check is refused by the DDL, not by the first write), which also tells the columns it reads; an unnamed
 * one is named as PostgreSQL names it: {@code <table>_<column>_check} when it reads exactly one column, else
 * {@code <table>_check}, with 1, 2, ... appended while the name is taken.
 */
final class CheckConstraints {
    private CheckConstraints() {
    }

    /** The catalog with {@code checks} added to {@code table}, compiled by {@code compiler}. */
    static CatalogDef add(Catalog catalog, String table, List<CheckDef> checks, CheckCompiler compiler) {
        if (checks.isEmpty()) {
            return catalog.def();
        }
        Table t = catalog.requireTable(table);
        TableDef.Builder b = t.def().toBuilder();
        Set<String> explicit = new HashSet<>();
        checks.forEach(c -> explicit.add(Table.key(c.getName())));
        for (CheckDef check : checks) {
            Table current = new Table(b.build());
            List<String> columns = compiler.compile(current, check.getExpression()).columns();
            String name = check.getName().isEmpty() ? freeName(current, columns, explicit) : check.getName();
            if (CatalogChanges.nameTaken(current, name)) {
                throw RelationalException.duplicate("constraint \"" + name + "\" for relation \"" + t.name()
                        + "\" already exists");
            }
            b.addChecks(check.toBuilder().setName(name).clearColumns().addAllColumns(columns));
        }
        return CatalogChanges.replace(catalog.def(), b.build());
    }

    private static String freeName(Table t, List<String> columns, Set<String> reserved) {
        String base = t.name() + (columns.size() == 1 ? "_" + columns.get(0) : "") + "_check";
        String name = base;
        for (int n = 1; CatalogChanges.nameTaken(t, name) || reserved.contains(Table.key(name)); n++) {
            name = base + n;
        }
        return name;
    }
}
