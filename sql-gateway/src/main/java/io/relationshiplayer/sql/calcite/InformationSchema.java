package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.calcite.InformationSchemaTable.Rows;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * PostgreSQL's {@code information_schema}, read-only, for the tools and ORMs that introspect a database through it:
 * {@code schemata}, {@code tables}, {@code views}, {@code columns}, {@code table_constraints}, {@code key_column_usage},
 * {@code referential_constraints} and {@code constraint_column_usage}, each with all of PostgreSQL 15's columns (those
 * that have no meaning here are NULL), over the catalog of the statement that reads them.
 */
final class InformationSchema extends AbstractSchema {
    static final String NAME = "information_schema";

    /** PostgreSQL's columns of domain {@code cardinal_number} (integers); all others are text. */
    private static final Set<String> CARDINAL_NUMBERS = Set.of("ordinal_position", "character_maximum_length",
            "character_octet_length", "numeric_precision", "numeric_precision_radix", "numeric_scale",
            "datetime_precision", "interval_precision", "maximum_cardinality", "position_in_unique_constraint");

    /** A view: its name, PostgreSQL's columns in order, and where its rows come from. */
    private record View(String name, BiConsumer<InformationSchemaRows, Rows> source, List<String> columns) {
    }

    /** Each cardinal number column, an INTEGER. */
    private static final Map<String, SqlTypeName> TYPES = CARDINAL_NUMBERS.stream()
            .collect(java.util.stream.Collectors.toMap(c -> c, c -> SqlTypeName.INTEGER));

    private static final List<View> VIEWS = List.of(
            new View("schemata", InformationSchemaRows::schemata, List.of("catalog_name", "schema_name",
                    "schema_owner", "default_character_set_catalog", "default_character_set_schema",
                    "default_character_set_name", "sql_path")),
            new View("tables", InformationSchemaRows::tables, List.of("table_catalog", "table_schema", "table_name",
                    "table_type", "self_referencing_column_name", "reference_generation", "user_defined_type_catalog",
                    "user_defined_type_schema", "user_defined_type_name", "is_insertable_into", "is_typed",
                    "commit_action")),
            new View("views", InformationSchemaRows::views, List.of("table_catalog", "table_schema", "table_name",
                    "view_definition", "check_option", "is_updatable", "is_insertable_into", "is_trigger_updatable",
                    "is_trigger_deletable", "is_trigger_insertable_into")),
            new View("columns", InformationSchemaRows::columns, List.of("table_catalog", "table_schema", "table_name",
                    "column_name", "ordinal_position", "column_default", "is_nullable", "data_type",
                    "character_maximum_length", "character_octet_length", "numeric_precision",
                    "numeric_precision_radix", "numeric_scale", "datetime_precision", "interval_type",
                    "interval_precision", "character_set_catalog", "character_set_schema", "character_set_name",
                    "collation_catalog", "collation_schema", "collation_name", "domain_catalog", "domain_schema",
                    "domain_name", "udt_catalog", "udt_schema", "udt_name", "scope_catalog", "scope_schema",
                    "scope_name", "maximum_cardinality", "dtd_identifier", "is_self_referencing", "is_identity",
                    "identity_generation", "identity_start", "identity_increment", "identity_maximum",
                    "identity_minimum", "identity_cycle", "is_generated", "generation_expression", "is_updatable")),
            new View("table_constraints", InformationSchemaRows::tableConstraints, List.of("constraint_catalog",
                    "constraint_schema", "constraint_name", "table_catalog", "table_schema", "table_name",
                    "constraint_type", "is_deferrable", "initially_deferred", "enforced", "nulls_distinct")),
            new View("key_column_usage", InformationSchemaRows::keyColumnUsage, List.of("constraint_catalog",
                    "constraint_schema", "constraint_name", "table_catalog", "table_schema", "table_name",
                    "column_name", "ordinal_position", "position_in_unique_constraint")),
            new View("referential_constraints", InformationSchemaRows::referentialConstraints, List.of(
                    "constraint_catalog", "constraint_schema", "constraint_name", "unique_constraint_catalog",
                    "unique_constraint_schema", "unique_constraint_name", "match_option", "update_rule",
                    "delete_rule")),
            new View("constraint_column_usage", InformationSchemaRows::constraintColumnUsage, List.of(
                    "table_catalog", "table_schema", "table_name", "column_name", "constraint_catalog",
                    "constraint_schema", "constraint_name")));

    private final Map<String, Table> tables = new LinkedHashMap<>();

    InformationSchema(SessionBinding binding, String database) {
        for (View v : VIEWS) {
            tables.put(v.name(), new InformationSchemaTable(binding, database, v.columns(), TYPES,
                    (d, catalog, out) -> v.source().accept(new InformationSchemaRows(d, catalog), out)));
        }
    }

    @Override
    protected Map<String, Table> getTableMap() {
        return tables;
    }
}
