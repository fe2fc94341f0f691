package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.Status;
import io.relationshiplayer.proto.v1.SqlError;
import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.StatementBounds;
import io.relationshiplayer.sql.calcite.CancelChecks;
import io.relationshiplayer.sql.calcite.CancellableCompiler;
import io.relationshiplayer.sql.calcite.StatementCancel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.RexToLixTranslator;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.runtime.Hook;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.codehaus.janino.UnitCompiler;
import org.junit.jupiter.api.Test;

/**
 * A client's cancel stops a statement inside whichever phase of its preparation it is, not at the end of the phase:
 * each statement below spends seconds in one phase that used to be a single step nothing could interrupt (a select
 * list of 1,664 items in validation and conversion, a CASE of 999 branches in code generation). The call is cancelled
 * as the statement enters that phase (a planner hook of Calcite's), and its work (the statement and any step left to
 * end alone) has stopped well before the phase would have ended; the session then plans and runs a new statement.
 */
class SqlCancelInEveryPhaseTest extends SqlServerFixture {
    /** From the cancel: a margin for a loaded machine; each phase below takes longer unstopped. */
    private static final Duration STOPS_WITHIN = Duration.ofMillis(1_000);
    /** From a cancel inside a step of code generation or of Janino's compile of a plan (the bound). */
    private static final Duration STEP_STOPS_WITHIN = Duration.ofMillis(100);

    private static String list(int n, java.util.function.IntFunction<String> item, String separator) {
        return IntStream.range(0, n).mapToObj(item).collect(Collectors.joining(separator));
    }

    private void stopsSoon(Hook phase, String sql) {
        String s = open();
        exec(s, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
        assertServing(s); // planned once: what follows times the long statement, not the planner's first use
        assertThat(stops(s, phase, (thread, cancel) -> cancel.run(), sql)).isLessThan(STOPS_WITHIN);
    }

    /**
     * Runs {@code sql} on {@code s}; when {@code phase} starts, {@code when} is given the phase's thread and the
     * cancel to run (on it or on another thread). Checks that the statement failed and that the session then plans
     * and runs a new statement; returns how long after the cancel the statement's work had stopped.
     */
    private Duration stops(String s, Hook phase, BiConsumer<Thread, Runnable> when, String sql) {
        return stops(s, phase, when, sql, () -> { });
    }

    /** As above; {@code atStop} runs as soon as the work has stopped, before the session runs anything else. */
    private Duration stops(String s, Hook phase, BiConsumer<Thread, Runnable> when, String sql, Runnable atStop) {
        AtomicReference<Started> call = new AtomicReference<>();
        AtomicLong cancelledAt = new AtomicLong();
        Runnable cancel = () -> {
            Started c = call.get();
            if (c != null && c.call().get() != null && cancelledAt.compareAndSet(0, System.nanoTime())) {
                c.cancel("the test cancels as the phase starts");
            }
        };
        try (Hook.Closeable cancelOnEntry = phase.add((java.util.function.Consumer<Object>) o ->
                when.accept(Thread.currentThread(), cancel))) {
            call.set(start(s, sql));
            // polled from the start, every millisecond: Awaitility's default (100 ms) would add to the time measured
            await().pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1)).atMost(Duration.ofSeconds(60))
                    .until(() -> cancelledAt.get() != 0);
            await().pollInterval(Duration.ofMillis(5)).atMost(Duration.ofSeconds(60)).until(() ->
                    sessions.engine().metrics().runningStatements() == 0 && StatementCancel.leftRunning() == 0);
        }
        Duration stopped = Duration.ofNanos(System.nanoTime() - cancelledAt.get());
        atStop.run();
        assertThat(call.get().ended().join()).isNotNull();
        assertThat(exec(s, "SELECT v + 4242 FROM t WHERE v > 7").raw()).isEmpty(); // a new text: planned now
        return stopped;
    }

    private static String caseOf999(int salt) {
        return "SELECT CASE " + list(999, i -> "WHEN v = " + (i + salt) + " THEN " + i, " ") + " END FROM t";
    }

    /** Runs {@code cancel} on a thread of its own once {@code thread} is inside Janino's code generator. */
    private static void onceCompiling(Thread thread, Runnable cancel) {
        long giveUp = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        Thread watcher = new Thread(() -> {
            while (System.nanoTime() < giveUp) { // then the test fails: no cancel
                if (Arrays.stream(thread.getStackTrace()).anyMatch(f -> f.getClassName().equals(UnitCompiler.class
                        .getName()))) {
                    cancel.run();
                    return;
                }
                LockSupport.parkNanos(200_000);
            }
        }, "the test's watcher of Janino");
        watcher.setDaemon(true);
        watcher.start();
    }

    @Test
    void aLongSelectListStopsDuringValidationAndConversion() {
        stopsSoon(Hook.PARSE_TREE, "SELECT " + list(StatementBounds.MAX_TARGET_LIST, i -> "v + " + i, ", ")
                + " FROM t");
    }

    @Test
    void aCaseOfManyBranchesStopsDuringCodeGeneration() {
        stopsSoon(Hook.PLAN_BEFORE_IMPLEMENTATION, caseOf999(0));
    }

    /**
     * Janino's compile of the class generated for a plan (a CASE of 999 branches: 0.2 to 1.6 s) stops within 100 ms of
     * a cancel that comes while its code generator runs: it used to run to its end, after its caller was freed. Up to
     * three tries, so that a moment of a loaded machine's scheduling does not fail it; each used to take hundreds of
     * ms.
     */
    @Test
    void aCaseOfManyBranchesStopsDuringCompilation() {
        assertThat(CancellableCompiler.inUse()).as("Calcite compiles with the cancellable compiler").isTrue();
        String s = open();
        exec(s, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
        exec(s, caseOf999(1)); // uncancelled: warms Janino up
        List<Duration> tries = new ArrayList<>();
        for (int salt = 2; salt < 5 && tries.stream().noneMatch(d -> d.compareTo(STEP_STOPS_WITHIN) < 0); salt++) {
            tries.add(stops(s, Hook.JAVA_PLAN, SqlCancelInEveryPhaseTest::onceCompiling, caseOf999(salt)));
        }
        assertThat(tries).anyMatch(d -> d.compareTo(STEP_STOPS_WITHIN) < 0);
    }

    /**
     * Runs {@code cancel} on a thread of its own once {@code thread} optimizes the block of one of the plan's three
     * outermost operators (linq4j's BlockBuilder.toBlock called by EnumerableCalc.implement, with at most 3 such frames
     * on the stack): the block holds the code of every operator below it, which the optimization walks. Then, until
     * {@code done} is set, sets {@code ranOn} if, once the server has the cancel, it sees that step end and the thread
     * go on to the operator above: optimizing the block of the cancel check above it ({@link CancelChecks}),
     * translating expressions, or writing the plan's Java (the root's own block, of the outermost operator, may be
     * optimized: its first check is there).
     */
    private static void onceOptimizingManyOperators(Thread thread, Runnable cancel, AtomicBoolean done,
                                                    AtomicBoolean ranOn) {
        long giveUp = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        // the server's side of the cancel: the client's reaches it over gRPC a moment later, and only from then can
        // code generation stop (until then the operator may finish and the next begin)
        io.relationshiplayer.sql.calcite.StatementCancel server =
                io.relationshiplayer.sql.calcite.PreparingCancel.current();
        Thread watcher = new Thread(() -> {
            long cancelledAt = -1; // the operators' depth at the cancel
            long seenAt = -1; // the operators' depth when the server had the cancel
            while (System.nanoTime() < giveUp && !done.get()) { // without a cancel the test fails
                StackTraceElement[] stack = thread.getStackTrace();
                long calcs = Arrays.stream(stack).filter(f -> f.getClassName().equals(EnumerableCalc.class.getName())
                        && f.getMethodName().equals("implement")).count();
                String optimizing = null; // the class whose block the thread optimizes
                for (int i = 0; i + 1 < stack.length && optimizing == null; i++) {
                    if (stack[i].getClassName().equals(BlockBuilder.class.getName())
                            && stack[i].getMethodName().equals("toBlock")) {
                        optimizing = stack[i + 1].getClassName();
                    }
                }
                if (cancelledAt < 0) {
                    if (calcs > 0 && calcs <= 3 && EnumerableCalc.class.getName().equals(optimizing)) {
                        cancelledAt = calcs;
                        cancel.run();
                    }
                } else if (seenAt < 0) {
                    if (server == null || server.cancelled()) {
                        seenAt = server == null ? cancelledAt : calcs;
                    }
                } else if (calcs < seenAt && (CancelChecks.class.getName().concat("$Check").equals(optimizing)
                        || Arrays.stream(stack).anyMatch(f -> f.getClassName().equals(RexToLixTranslator.class.getName())
                                || f.getClassName().endsWith(".ExpressionWriter")))) {
                    ranOn.set(true);
                }
                LockSupport.parkNanos(100_000);
            }
        }, "the test's watcher of code generation");
        watcher.setDaemon(true);
        watcher.start();
    }

    /**
     * Code generation's optimization of an operator's block (a CASE of 999 branches, evaluated by 32 operators of 32
     * branches each: the block of one holds the code of every one below it, and is walked several times over) stops at
     * a cancel, within 100 ms: the step used to run to its end (98 to 164 ms at a load of 12) and the next one (the
     * block of the cancel check above) to its end too. Up to three tries for the time, as for Janino's compile; the
     * steps must stop in every try.
     */
    @Test
    void aCaseOfManyBranchesStopsDuringCodeGenerationsBlockOptimization() {
        String s = open();
        exec(s, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
        exec(s, caseOf999(1)); // uncancelled: warms code generation up
        List<Duration> tries = new ArrayList<>();
        for (int salt = 2; salt < 5 && tries.stream().noneMatch(d -> d.compareTo(STEP_STOPS_WITHIN) < 0); salt++) {
            AtomicBoolean done = new AtomicBoolean();
            AtomicBoolean ranOn = new AtomicBoolean();
            tries.add(stops(s, Hook.PLAN_BEFORE_IMPLEMENTATION,
                    (thread, cancel) -> onceOptimizingManyOperators(thread, cancel, done, ranOn), caseOf999(salt),
                    () -> done.set(true)));
            assertThat(ranOn).as("code generation went on past the operator whose block it optimized").isFalse();
        }
        assertThat(tries).anyMatch(d -> d.compareTo(STEP_STOPS_WITHIN) < 0);
    }

    /** Whether {@code stack} has a frame of {@code type}'s {@code method}. */
    private static boolean in(StackTraceElement[] stack, Class<?> type, String method) {
        return Arrays.stream(stack).anyMatch(f -> f.getClassName().equals(type.getName())
                && f.getMethodName().equals(method));
    }

    /**
     * Runs {@code cancel} on a thread of its own once {@code thread} has been seen in a stack that {@code armed} accepts
     * and, then or later, in one that {@code fire} accepts (a stack trace every 0.1 ms).
     */
    private static void onceSeen(Thread thread, Runnable cancel, Predicate<StackTraceElement[]> armed,
                                 Predicate<StackTraceElement[]> fire) {
        long giveUp = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        Thread watcher = new Thread(() -> {
            boolean wasArmed = false;
            while (System.nanoTime() < giveUp) { // then the test fails: no cancel
                StackTraceElement[] stack = thread.getStackTrace();
                wasArmed |= armed.test(stack);
                if (wasArmed && fire.test(stack)) {
                    cancel.run();
                    return;
                }
                LockSupport.parkNanos(100_000);
            }
        }, "the test's watcher of the preparing thread");
        watcher.setDaemon(true);
        watcher.start();
    }

    /** Up to three runs of {@code sql(salt)}, cancelled as {@code when} says, until one stops within 100 ms. */
    private void stopsWithinAStep(String s, Hook phase, BiConsumer<Thread, Runnable> when,
                                  java.util.function.IntFunction<String> sql) {
        List<Duration> tries = new ArrayList<>();
        for (int salt = 2; salt < 5 && tries.stream().noneMatch(d -> d.compareTo(STEP_STOPS_WITHIN) < 0); salt++) {
            tries.add(stops(s, phase, when, sql.apply(salt)));
        }
        assertThat(tries).anyMatch(d -> d.compareTo(STEP_STOPS_WITHIN) < 0);
    }

    /**
     * The conversion's check of a select list's column names (Calcite's checkConvertedType) stops within 100 ms of a
     * cancel once the list's items are converted: it made the names distinct in time quadratic in the number of
     * same-named ones, and every unnamed item is {@code ?column?} (0.2 to 0.4 s for 1,664 items, no check). Up to
     * three tries, as for Janino's compile.
     */
    @Test
    void aSelectListOfUnnamedItemsStopsOnceItsItemsAreConverted() {
        String s = open();
        exec(s, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
        java.util.function.IntFunction<String> sql = salt -> "SELECT "
                + list(StatementBounds.MAX_TARGET_LIST, i -> "v + " + (i + salt), ", ") + " FROM t";
        exec(s, sql.apply(1)); // uncancelled: warms the conversion up
        stopsWithinAStep(s, Hook.PARSE_TREE, (thread, cancel) -> onceSeen(thread, cancel,
                stack -> in(stack, SqlToRelConverter.class, "convertNonAggregateSelectList"),
                stack -> !in(stack, SqlToRelConverter.class, "convertNonAggregateSelectList")), sql);
    }

    /**
     * Runs {@code cancel} on a thread of its own once {@code thread} is seen in a stack that {@code step} accepts; then,
     * until {@code done} is set, sets {@code ranOn} if, the server having the cancel while the thread was still in
     * that step, the thread is seen in a stack that {@code after} accepts (the step went on to its end).
     */
    private static void onceInStep(Thread thread, Runnable cancel, Predicate<StackTraceElement[]> step,
                                   Predicate<StackTraceElement[]> after, AtomicBoolean done, AtomicBoolean ranOn) {
        long giveUp = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        StatementCancel server = io.relationshiplayer.sql.calcite.PreparingCancel.current();
        Thread watcher = new Thread(() -> {
            boolean cancelled = false;
            boolean judged = false; // the server had the cancel while the thread was in the step
            while (System.nanoTime() < giveUp && !done.get()) { // without a cancel the test fails
                StackTraceElement[] stack = thread.getStackTrace();
                if (!cancelled) {
                    if (step.test(stack)) {
                        cancelled = true;
                        cancel.run();
                    }
                } else if (!judged) {
                    judged = (server == null || server.cancelled()) && step.test(stack);
                } else if (after.test(stack)) {
                    ranOn.set(true);
                }
                LockSupport.parkNanos(100_000);
            }
        }, "the test's watcher of the preparing thread");
        watcher.setDaemon(true);
        watcher.start();
    }

    /**
     * The planner's metadata on a 60,000-value IN list (the predicates of the VALUES list it becomes: a range set of its
     * values, which Calcite built in one step that checks nothing, 0.1 to 0.2 s) stops within 100 ms of a cancel that
     * comes while the range set is built, and does not go on to make its search argument. Up to three tries for the
     * time; the step must stop in every try.
     */
    @Test
    void aLongInListStopsWhileItsValuesPredicatesAreBuilt() {
        String s = open();
        exec(s, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
        java.util.function.IntFunction<String> sql = salt -> "SELECT COUNT(*) FROM t WHERE v IN ("
                + list(60_000, i -> Integer.toString(i + salt), ", ") + ")";
        exec(s, sql.apply(1)); // uncancelled: warms planning up
        Predicate<StackTraceElement[]> predicates = stack -> Arrays.stream(stack).anyMatch(f -> f.getMethodName()
                .equals("getPulledUpPredicates"));
        Predicate<StackTraceElement[]> ranges = stack -> predicates.test(stack)
                && in(stack, com.google.common.collect.TreeRangeSet.class, "add");
        Predicate<StackTraceElement[]> searchArgument = stack -> predicates.test(stack)
                && (in(stack, org.apache.calcite.util.Sarg.class, "of")
                || in(stack, org.apache.calcite.rex.RexBuilder.class, "makeSearchArgumentLiteral"));
        List<Duration> tries = new ArrayList<>();
        for (int salt = 2; salt < 5 && tries.stream().noneMatch(d -> d.compareTo(STEP_STOPS_WITHIN) < 0); salt++) {
            AtomicBoolean done = new AtomicBoolean();
            AtomicBoolean ranOn = new AtomicBoolean();
            tries.add(stops(s, Hook.PARSE_TREE, (thread, cancel) -> onceInStep(thread, cancel, ranges,
                    searchArgument, done, ranOn), sql.apply(salt), () -> done.set(true)));
            assertThat(ranOn).as("the predicates' range set was built to its end after the cancel").isFalse();
        }
        assertThat(tries).anyMatch(d -> d.compareTo(STEP_STOPS_WITHIN) < 0);
    }

    /**
     * The parser on an OR of 400 {@code CAST(v AS TEXT) LIKE '...'} terms stops within 100 ms of a cancel that comes
     * once the text is read, while Calcite builds the expression's tree from its operands and operators
     * (PrecedenceClimbingParser): that step checked nothing, 0.65 to 0.73 s. Up to three tries, as for Janino's
     * compile.
     */
    @Test
    void anOrOfManyLikesStopsWhileItsTreeIsBuilt() {
        String s = open();
        exec(s, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
        java.util.function.IntFunction<String> sql = salt -> "SELECT COUNT(*) FROM t WHERE "
                + list(400, i -> "CAST(v AS TEXT) LIKE '%" + (i + salt) + "%'", " OR ");
        exec(s, sql.apply(1)); // uncancelled: warms the parser up
        // the planner is made before the text is parsed
        stopsWithinAStep(s, Hook.PLANNER, (thread, cancel) -> onceSeen(thread, cancel, stack -> true,
                stack -> in(stack, org.apache.calcite.util.PrecedenceClimbingParser.class, "partialParse")), sql);
    }

    /**
     * A cancel deep in the conversion of an OR of 499 comparisons (the most the depth bound admits) stops it within 100
     * ms, without writing the SQL of the ORs it unwinds: Calcite's convertlet of such calls, called by reflection,
     * wrapped what it threw in an exception with the call's SQL, at every level of the chain (0.45 s for 400 terms,
     * load 12). Up to three tries for the time; no try may write the SQL.
     */
    @Test
    void aLongOrStopsDeepInItsConversionWithoutWritingItsSql() {
        String s = open();
        exec(s, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
        java.util.function.IntFunction<String> sql = salt -> "SELECT COUNT(*) FROM t WHERE "
                + list(499, i -> "v = " + (i + salt), " OR ");
        exec(s, sql.apply(1)); // uncancelled: warms the conversion up
        Predicate<StackTraceElement[]> deep = stack -> Arrays.stream(stack).filter(f -> f.getClassName().equals(
                org.apache.calcite.sql2rel.StandardConvertletTable.class.getName())
                && f.getMethodName().equals("convertCall")).count() >= 50;
        Predicate<StackTraceElement[]> writing = stack -> in(stack, org.apache.calcite.sql.SqlNode.class, "toString");
        List<Duration> tries = new ArrayList<>();
        for (int salt = 2; salt < 5 && tries.stream().noneMatch(d -> d.compareTo(STEP_STOPS_WITHIN) < 0); salt++) {
            AtomicBoolean done = new AtomicBoolean();
            AtomicBoolean ranOn = new AtomicBoolean();
            tries.add(stops(s, Hook.PARSE_TREE, (thread, cancel) -> onceInStep(thread, cancel, deep, writing, done,
                    ranOn), sql.apply(salt), () -> done.set(true)));
            assertThat(ranOn).as("the SQL of the calls was written as the cancel unwound them").isFalse();
        }
        assertThat(tries).anyMatch(d -> d.compareTo(STEP_STOPS_WITHIN) < 0);
    }

    @Test
    void aSelectListPastPostgresBoundIs54011AtItsFirstExtraItem() {
        String s = open();
        String sql = "SELECT " + list(StatementBounds.MAX_TARGET_LIST + 1, i -> "1", ",");
        SqlError e = expectSql(Status.Code.RESOURCE_EXHAUSTED, SqlException.TOO_MANY_COLUMNS, () -> exec(s, sql));
        assertThat(e.getMessage()).isEqualTo("target lists can have at most 1664 entries");
        assertThat(e.getColumn()).isEqualTo("SELECT ".length() + 2 * StatementBounds.MAX_TARGET_LIST + 1);
        assertServing(s);
    }

    @Test
    void starsThatExpandPastTheBoundAre54011AsInPostgres() {
        String s = open();
        exec(s, "CREATE TABLE wide (id INT PRIMARY KEY, " + list(599, i -> "c" + i + " INT", ", ") + ")");
        assertThat(exec(s, "SELECT a.*, b.* FROM wide a, wide b").header().getColumnsCount()).isEqualTo(1_200);
        SqlError e = expectSql(Status.Code.RESOURCE_EXHAUSTED, SqlException.TOO_MANY_COLUMNS,
                () -> exec(s, "SELECT a.*, b.*, c.* FROM wide a, wide b, wide c"));
        assertThat(e.getMessage()).isEqualTo("target lists can have at most 1664 entries");
        assertServing(s);
    }
}
