package io.relationshiplayer.sql.calcite;

import com.apple.foundationdb.record.provider.foundationdb.FDBStoreTimer;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.SingleRel;

/**
 * EXPLAIN ANALYZE's measures of one plan: a plan prepared with an analysis ({@link #preparing}) has a {@link Measure}
 * above each of its Enumerable operators, which counts the rows the operator passes on, the enumerators opened on it
 * (loops), the time spent in it and below it, and the store's reads made meanwhile (from the transaction's
 * {@link FDBStoreTimer}). Plans prepared without one have no measure, so the normal path pays nothing.
 */
public final class PlanAnalysis {
    /** The analysis the statement being prepared on this thread is instrumented for; null for any other plan. */
    private static final ThreadLocal<PlanAnalysis> PREPARING = new ThreadLocal<>();
    /** The analysis whose plan runs on this thread, for what an operator counts besides rows (lookups). */
    private static final ThreadLocal<PlanAnalysis> RUNNING = new ThreadLocal<>();
    private static final java.lang.reflect.Method MEASURED;
    private static final java.lang.reflect.Method BUILDING;
    /** What is read of the timer: reads (point and range), range reads, records loaded, index entries, bytes read. */
    public static final FDBStoreTimer.Counts[] READS = {FDBStoreTimer.Counts.READS, FDBStoreTimer.Counts.RANGE_READS,
            FDBStoreTimer.Counts.LOAD_RECORD_KEY, FDBStoreTimer.Counts.LOAD_INDEX_KEY, FDBStoreTimer.Counts.BYTES_READ};

    static {
        try {
            MEASURED = PlanAnalysis.class.getMethod("measured", Enumerable.class, Operator.class, long.class);
            BUILDING = Operator.class.getMethod("building");
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final List<Operator> active = new ArrayList<>();
    private FDBStoreTimer timer;
    private boolean allReads;
    private RelNode original;
    private RelNode measured;

    /** Runs {@code body} (a preparation) with {@code analysis} (null: none) instrumenting the plan it makes. */
    public static <T, E extends Exception> T preparing(@Nullable PlanAnalysis analysis, StatementCancel.Body<T, E> body)
            throws E {
        if (analysis == null) {
            return body.run();
        }
        PREPARING.set(analysis);
        try {
            return body.run();
        } finally {
            PREPARING.remove();
        }
    }

    /** Whether this thread prepares an analyzed plan (EXPLAIN ANALYZE), whose measures are in the plan. */
    static boolean instrumenting() {
        return PREPARING.get() != null;
    }

    /** {@code rel} with a measure above each of its Enumerable operators, if this thread prepares an analyzed plan. */
    static RelNode instrument(RelNode rel) {
        PlanAnalysis analysis = PREPARING.get();
        if (analysis == null) {
            return rel;
        }
        analysis.original = rel;
        analysis.measured = analysis.insert(rel);
        return analysis.measured;
    }

    private RelNode insert(RelNode rel) {
        List<RelNode> inputs = new ArrayList<>(rel.getInputs().size());
        boolean changed = false;
        for (RelNode input : rel.getInputs()) {
            RelNode in = insert(input);
            changed |= in != input;
            inputs.add(in);
        }
        RelNode out = changed ? rel.copy(rel.getTraitSet(), inputs) : rel;
        return out instanceof EnumerableRel && !(out instanceof CancelChecks.Check)
                ? new Measure(out.getCluster(), out.getTraitSet(), out, new Operator(this)) : out;
    }

    /** The plan as optimized, before measures were put in it (for its fast path); null before preparation. */
    @Nullable
    public RelNode original() {
        return original;
    }

    /** The plan as it runs, with its measures; null before preparation. */
    @Nullable
    public RelNode measured() {
        return measured;
    }

    /** Whether the measured plan ran (a point statement's fast path runs instead of it). */
    public boolean ran() {
        return measured instanceof Measure && ((Measure) measured).operator.loops > 0;
    }

    /**
     * Starts a run of the plan on this thread, the store's reads counted by {@code timer}: all of them if the
     * transaction was opened with it ({@code allReads}), else only records and index entries.
     */
    public void start(FDBStoreTimer timer, boolean allReads) {
        this.timer = timer;
        this.allReads = allReads;
        active.clear();
        if (measured != null) {
            reset(measured);
        }
        RUNNING.set(this);
    }

    /** Ends the run started on this thread. */
    public void stop() {
        RUNNING.remove();
    }

    private static void reset(RelNode rel) {
        if (rel instanceof Measure) {
            ((Measure) rel).operator.reset();
        }
        rel.getInputs().forEach(PlanAnalysis::reset);
    }

    /** Whether the run's timer counts all reads, else only records and index entries. */
    boolean allReads() {
        return allReads;
    }

    /** A lookup join looked up {@code keys} keys in one batch: counted on the operator running now, if analyzed. */
    static void lookups(int keys) {
        PlanAnalysis running = RUNNING.get();
        if (running != null && !running.active.isEmpty()) {
            Operator op = running.active.get(running.active.size() - 1);
            op.lookups += keys;
            op.batches++;
        }
    }

    /** The timer's counts of {@link #READS} now (zeros without a timer). */
    long[] reads() {
        long[] out = new long[READS.length];
        if (timer != null) {
            for (int i = 0; i < out.length; i++) {
                out[i] = timer.getCount(READS[i]);
            }
        }
        return out;
    }

    /**
     * Rows of {@code rows}, measured into {@code op}: the code a {@link Measure} generates calls it once it has built
     * {@code rows} (some operators do their work then: an aggregate groups its input as it is built), which began at
     * {@code buildStart} ({@link Operator#building()}).
     */
    public static <T> Enumerable<T> measured(Enumerable<T> rows, Operator op, long buildStart) {
        op.exit(buildStart);
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<T> enumerator() {
                long start = op.enter();
                Enumerator<T> e;
                try {
                    e = rows.enumerator();
                    op.loops++;
                } finally {
                    op.exit(start);
                }
                return new Enumerator<>() {
                    @Override
                    public T current() {
                        return e.current();
                    }

                    @Override
                    public boolean moveNext() {
                        long begin = op.enter();
                        try {
                            boolean next = e.moveNext();
                            if (next) {
                                op.row(begin);
                            }
                            return next;
                        } finally {
                            op.exit(begin);
                        }
                    }

                    @Override
                    public void reset() {
                        e.reset();
                    }

                    @Override
                    public void close() {
                        long begin = op.enter();
                        try {
                            e.close();
                        } finally {
                            op.exit(begin);
                        }
                    }
                };
            }
        };
    }

    /** What one operator did in a run: its rows, loops, time (its inputs' included) and the store's reads. */
    public static final class Operator {
        private final PlanAnalysis analysis;
        long rows;
        long loops;
        long nanos;
        /** Its time until it passed on its first row; -1 before. */
        long firstRowNanos = -1;
        long lookups;
        long batches;
        /** The store's reads while it ran, its inputs' included ({@link #READS}'s order). */
        final long[] reads = new long[READS.length];
        private long[] readsAtEntry;

        Operator(PlanAnalysis analysis) {
            this.analysis = analysis;
        }

        void reset() {
            rows = 0;
            loops = 0;
            nanos = 0;
            firstRowNanos = -1;
            lookups = 0;
            batches = 0;
            java.util.Arrays.fill(reads, 0);
        }

        /** The generated code is about to build the operator's rows (their {@link Enumerable}): when it began. */
        public long building() {
            return enter();
        }

        long enter() {
            analysis.active.add(this);
            readsAtEntry = analysis.reads();
            return System.nanoTime();
        }

        /** A row passed on by the call that entered at {@code start}. */
        void row(long start) {
            rows++;
            if (firstRowNanos < 0) {
                firstRowNanos = nanos + System.nanoTime() - start;
            }
        }

        void exit(long start) {
            nanos += System.nanoTime() - start;
            long[] now = analysis.reads();
            for (int i = 0; i < now.length; i++) {
                reads[i] += now[i] - readsAtEntry[i];
            }
            analysis.active.remove(analysis.active.size() - 1);
        }
    }

    /** Passes its input's rows on unchanged, measuring them into its {@link Operator}. */
    static final class Measure extends SingleRel implements EnumerableRel {
        final Operator operator;

        Measure(RelOptCluster cluster, RelTraitSet traits, RelNode input, Operator operator) {
            super(cluster, traits, input);
            this.operator = operator;
        }

        @Override
        public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
            return new Measure(getCluster(), traitSet, sole(inputs), operator);
        }

        @Override
        public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
            BlockBuilder builder = new BlockBuilder();
            Expression op = implementor.stash(operator, Operator.class);
            // a declaration, not a statement: the root's code keeps only the last statement; "_": never inlined
            Expression start = builder.append("_start", Expressions.call(op, BUILDING));
            Result result = implementor.visitChild(this, 0, (EnumerableRel) getInput(), pref);
            Expression rows = builder.append("rows", result.block);
            builder.add(Expressions.return_(null, Expressions.call(MEASURED, rows, op, start)));
            return implementor.result(result.physType, builder.toBlock());
        }
    }
}
