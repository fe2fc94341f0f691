package io.relationshiplayer.sql.calcite;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.sql.SqlEngine;
import io.relationshiplayer.sql.SqlSession;
import java.util.List;
import java.util.function.Function;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The rules that consume a {@link RecordLayerTableScan} (lookup join, count, sort), applied to a scan the filter rule
 * has narrowed to an access path. In the engine's Volcano planner the lookup-join rule never meets such a scan today:
 * the narrowed scan is registered in its filter's set, which a logical join or projection reaches through a subset of
 * the logical convention, and Volcano matches a child operand only against the rels of that subset's convention. So
 * this drives the rules with a {@link HepPlanner}, where the narrowed scan is the join's input itself. A lookup join
 * reads the inner table by key only: replacing a narrowed scan would drop the pushed condition.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LookupJoinRuleTest {
    private Backend backend;
    private RelationshipLayer layer;

    @BeforeAll
    void load() {
        backend = Backend.open("embedded:memory");
        layer = new RelationshipLayer(new RecordStores(backend.recordDatabase()));
        try (SqlSession s = new SqlEngine(layer).open("db")) {
            s.execute("CREATE TABLE parents (id BIGINT PRIMARY KEY, code VARCHAR(10) NOT NULL UNIQUE, "
                    + "region VARCHAR(10) NOT NULL)", List.of());
            s.execute("CREATE INDEX parents_region ON parents (region)", List.of());
            s.execute("CREATE TABLE children (id BIGINT PRIMARY KEY, parent_id BIGINT REFERENCES parents (id), "
                    + "kind VARCHAR(10) NOT NULL)", List.of());
            s.execute("CREATE INDEX children_kind ON children (kind)", List.of());
        }
    }

    @AfterAll
    void close() {
        backend.close();
    }

    /** A join of two tables (the inner one filtered or not) after narrowing scans, then the lookup-join rules. */
    private String plan(JoinRelType type, String outerTable, String innerTable, String outerKey, String innerKey,
                        Function<RelBuilder, RexNode> innerFilter) {
        return plan(b -> {
            b.scan(outerTable).scan(innerTable);
            if (innerFilter != null) {
                b.filter(innerFilter.apply(b));
            }
            return b.join(type, b.equals(b.field(2, 0, outerKey), b.field(2, 1, innerKey))).build();
        }, RecordLayerRules.LOOKUP_JOIN, RecordLayerRules.LOOKUP_JOIN_PROJECTED);
    }

    /** The plan {@code build} makes, after the filter rule narrows its scans, then {@code rules}. */
    private String plan(Function<RelBuilder, RelNode> build, RelOptRule... rules) {
        return layer.run("db", session -> {
            SessionBinding binding = () -> session;
            SchemaPlus root = Frameworks.createRootSchema(true);
            root.add("db", new RecordLayerSchema(binding, "db", q -> {
                throw new IllegalStateException("no views here");
            }));
            JavaTypeFactoryImpl types = new JavaTypeFactoryImpl();
            HepProgramBuilder program = new HepProgramBuilder().addRuleInstance(RecordLayerRules.FILTER);
            for (RelOptRule rule : rules) {
                program.addRuleInstance(rule);
            }
            HepPlanner hep = new HepPlanner(program.build());
            RelOptCluster cluster = RelOptCluster.create(hep, new RexBuilder(types));
            CalciteCatalogReader catalog = new CalciteCatalogReader(CalciteSchema.from(root), List.of("db"), types,
                    CalciteConnectionConfig.DEFAULT);
            hep.setRoot(build.apply(RelFactories.LOGICAL_BUILDER.create(cluster, catalog)));
            return RelOptUtil.toString(hep.findBestExp());
        });
    }

    @Test
    void aFullScanInnerBecomesALookupJoin() {
        assertThat(plan(JoinRelType.INNER, "children", "parents", "parent_id", "id", null))
                .contains("RecordLayerLookupJoin").contains("primary key of parents");
        assertThat(plan(JoinRelType.LEFT, "parents", "children", "id", "parent_id", null))
                .contains("RecordLayerLookupJoin").contains("foreign key index children_parent_id_fkey");
    }

    @Test
    void anInnerNarrowedByAnIndexKeepsItsCondition() {
        String plan = plan(JoinRelType.INNER, "children", "parents", "parent_id", "id",
                b -> b.equals(b.field("region"), b.literal("r3")));
        assertThat(plan).contains("INDEX_RANGE(index parents_region: region = 'r3'");
    }

    @Test
    void anInnerNarrowedByItsPrimaryKeyKeepsItsCondition() {
        String plan = plan(JoinRelType.INNER, "children", "parents", "parent_id", "id",
                b -> b.lessThan(b.field("id"), b.literal(10)));
        assertThat(plan).contains("PK_RANGE(primary key: id < 10");
    }

    @Test
    void aLeftJoinsInnerNarrowedByAnIndexKeepsItsCondition() {
        String plan = plan(JoinRelType.LEFT, "parents", "children", "id", "parent_id",
                b -> b.equals(b.field("kind"), b.literal("k2")));
        assertThat(plan).contains("INDEX_RANGE(index children_kind: kind = 'k2'");
    }

    // The other rules that consume a scan: each keeps a narrowed scan (or leaves it alone).

    @Test
    void aCountOfANarrowedScanIsNotAnsweredFromTheCountIndex() {
        String plan = plan(b -> b.scan("children").filter(b.equals(b.field("kind"), b.literal("k2")))
                .aggregate(b.groupKey(), b.countStar("n")).build(), RecordLayerRules.COUNT_ON_SCAN,
                RecordLayerRules.COUNT_THROUGH_PROJECT);
        assertThat(plan).contains("INDEX_RANGE(index children_kind: kind = 'k2'").doesNotContain("RecordLayerCount");
    }

    @Test
    void aLimitOnANarrowedScanKeepsTheScansCondition() {
        String plan = plan(b -> b.scan("children").filter(b.lessThan(b.field("id"), b.literal(10)))
                .sort(b.field("id")).limit(0, 3).build(), RecordLayerRules.SORT_ON_SCAN,
                RecordLayerRules.SORT_THROUGH_PROJECT);
        assertThat(plan).contains("RecordLayerSort").contains("fetch=[3]").contains("PK_RANGE(primary key: id < 10");
    }
}
