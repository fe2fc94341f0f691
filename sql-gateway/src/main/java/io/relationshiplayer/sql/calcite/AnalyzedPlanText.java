package io.relationshiplayer.sql.calcite;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.annotation.Nullable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.externalize.RelWriterImpl;
import org.apache.calcite.sql.SqlExplainLevel;
import org.apache.calcite.util.Pair;

/**
 * The text of an analyzed plan after its run: EXPLAIN's lines (the cancel checks left out), each operator's followed by
 * what it did, e.g. {@code (actual time=0.012..0.150 ms rows=10 loops=1)}, and, for an operator that read the store
 * itself (a Record Layer read, lookup join, count or write), {@code store: reads=2 range_reads=1 records=10 index_entries=10 bytes=420}.
 */
public final class AnalyzedPlanText {
    private AnalyzedPlanText() {
    }

    /** The plan's lines, one per operator. */
    public static List<String> lines(PlanAnalysis analysis) {
        RelNode plan = analysis.measured();
        if (plan == null) {
            return List.of();
        }
        StringWriter text = new StringWriter();
        Writer w = new Writer(new PrintWriter(text), analysis.allReads());
        plan.explain(w);
        w.flush();
        List<String> lines = new ArrayList<>();
        for (String line : text.toString().split("\n")) {
            if (!line.isBlank()) {
                lines.add(line.stripTrailing());
            }
        }
        return lines;
    }

    /** {@code (actual time=first..total ms rows=N loops=L)} of one operator. */
    public static String actual(long firstRowNanos, long nanos, long rows, long loops) {
        return "(actual time=" + millis(Math.max(firstRowNanos, 0)) + ".." + millis(nanos) + " ms rows=" + rows
                + " loops=" + loops + ")";
    }

    /**
     * {@code store: reads=.. range_reads=.. records=.. index_entries=.. bytes=..} ({@link PlanAnalysis#READS}), the
     * reads and bytes "n/a" unless {@code allReads} (they were not counted).
     */
    public static String store(long[] reads, boolean allReads) {
        return "store: reads=" + (allReads ? reads[0] : "n/a") + " range_reads=" + (allReads ? reads[1] : "n/a")
                + " records=" + reads[2] + " index_entries=" + reads[3] + " bytes=" + (allReads ? reads[4] : "n/a");
    }

    /** Milliseconds with three decimals, as PostgreSQL prints its times. */
    public static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
    }

    /** Operators that read the store themselves: their reads are printed. */
    private static boolean readsStore(RelNode rel) {
        return rel instanceof RecordLayerToEnumerableConverter || rel instanceof RecordLayerLookupJoin
                || rel instanceof RecordLayerCount || rel instanceof RecordLayerTableModify;
    }

    /** Calcite's text writer, with each operator's measures after its line. */
    private static final class Writer extends RelWriterImpl {
        private final PrintWriter out;
        private final boolean allReads;
        private int depth;
        @Nullable
        private PlanAnalysis.Measure pending;

        Writer(PrintWriter out, boolean allReads) {
            super(out, SqlExplainLevel.EXPPLAN_ATTRIBUTES, false);
            this.out = out;
            this.allReads = allReads;
        }

        void flush() {
            out.flush();
        }

        @Override
        protected void explain_(RelNode rel, List<Pair<String, Object>> values) {
            if (rel instanceof CancelChecks.Check) {
                rel.getInput(0).explain(this);
                return;
            }
            if (rel instanceof PlanAnalysis.Measure) {
                pending = (PlanAnalysis.Measure) rel;
                rel.getInput(0).explain(this);
                return;
            }
            StringBuilder s = new StringBuilder("  ".repeat(depth)).append(rel.getRelTypeName());
            int j = 0;
            for (Pair<String, Object> value : values) {
                if (!(value.right instanceof RelNode)) {
                    s.append(j++ == 0 ? "(" : ", ").append(value.left).append("=[").append(value.right).append("]");
                }
            }
            s.append(j > 0 ? ")" : "");
            PlanAnalysis.Measure measure = pending;
            pending = null;
            if (measure != null) {
                PlanAnalysis.Operator op = measure.operator;
                s.append(' ').append(actual(op.firstRowNanos, op.nanos, op.rows, op.loops));
                if (op.batches > 0 || rel instanceof RecordLayerLookupJoin) {
                    s.append(" lookups=").append(op.lookups).append(" batches=").append(op.batches);
                }
                if (readsStore(rel)) {
                    s.append(' ').append(store(own(measure), allReads));
                }
            }
            out.println(s);
            depth++;
            for (RelNode input : rel.getInputs()) {
                input.explain(this);
            }
            depth--;
        }

        /** The reads made by {@code measure}'s operator itself: its count less its nearest measured inputs'. */
        private static long[] own(PlanAnalysis.Measure measure) {
            long[] own = measure.operator.reads.clone();
            subtractInputs(measure.getInput(), own);
            return own;
        }

        private static void subtractInputs(RelNode rel, long[] own) {
            for (RelNode input : rel.getInputs()) {
                if (input instanceof PlanAnalysis.Measure) {
                    long[] theirs = ((PlanAnalysis.Measure) input).operator.reads;
                    for (int i = 0; i < own.length; i++) {
                        own[i] -= theirs[i];
                    }
                } else {
                    subtractInputs(input, own);
                }
            }
        }
    }
}
