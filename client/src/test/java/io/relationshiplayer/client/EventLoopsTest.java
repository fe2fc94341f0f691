package io.relationshiplayer.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.netty.shaded.io.netty.channel.SelectStrategy;
import io.grpc.netty.shaded.io.netty.util.IntSupplier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/** The transport threads' polling: how long a loop polls before it sleeps, and how that adapts. */
class EventLoopsTest {
    private static final IntSupplier NOTHING = () -> 0;
    private static final IntSupplier ONE_READY = () -> 1;

    /** A clock the test moves. */
    private static final class Clock implements LongSupplier {
        long nanos = 1_000_000_000L;

        @Override
        public long getAsLong() {
            return nanos;
        }
    }

    @Test
    void readyEventsAndTasksAreHandledAtOnceAndIdlenessPollsForTheBudgetBeforeSleeping() throws Exception {
        Clock clock = new Clock();
        long budget = TimeUnit.MICROSECONDS.toNanos(200);
        EventLoops.Polling p = new EventLoops.Polling(budget, new AtomicInteger(), 1, clock);
        assertThat(p.calculateStrategy(ONE_READY, false)).isEqualTo(1);
        assertThat(p.calculateStrategy(NOTHING, true)).isZero();
        assertThat(p.calculateStrategy(NOTHING, false)).isEqualTo(SelectStrategy.CONTINUE);
        clock.nanos += TimeUnit.MICROSECONDS.toNanos(199);
        assertThat(p.calculateStrategy(NOTHING, false)).isEqualTo(SelectStrategy.CONTINUE);
        clock.nanos += TimeUnit.MICROSECONDS.toNanos(1);
        assertThat(p.calculateStrategy(NOTHING, false)).isEqualTo(SelectStrategy.SELECT);
    }

    @Test
    void longGapsHalveTheBudgetDownToASixteenthAndAShortGapRestoresIt() throws Exception {
        Clock clock = new Clock();
        long max = TimeUnit.MICROSECONDS.toNanos(1_600);
        EventLoops.Polling p = new EventLoops.Polling(max, new AtomicInteger(), 1, clock);
        for (int i = 0; i < 8; i++) {
            assertThat(p.calculateStrategy(NOTHING, false)).isEqualTo(SelectStrategy.CONTINUE);
            clock.nanos += p.budgetNanos();
            assertThat(p.calculateStrategy(NOTHING, false)).isEqualTo(SelectStrategy.SELECT);
            clock.nanos += TimeUnit.MILLISECONDS.toNanos(5); // the loop slept through a gap longer than the budget
            assertThat(p.calculateStrategy(ONE_READY, false)).isEqualTo(1);
        }
        assertThat(p.budgetNanos()).isEqualTo(max / 16);
        // work that comes while the loop still polls: the whole budget again
        assertThat(p.calculateStrategy(NOTHING, false)).isEqualTo(SelectStrategy.CONTINUE);
        clock.nanos += TimeUnit.MICROSECONDS.toNanos(10);
        assertThat(p.calculateStrategy(ONE_READY, false)).isEqualTo(1);
        assertThat(p.budgetNanos()).isEqualTo(max);
        // and a short gap slept through (woken by work within the budget) keeps it
        assertThat(p.calculateStrategy(NOTHING, false)).isEqualTo(SelectStrategy.CONTINUE);
        clock.nanos += max;
        assertThat(p.calculateStrategy(NOTHING, false)).isEqualTo(SelectStrategy.SELECT);
        assertThat(p.calculateStrategy(ONE_READY, false)).isEqualTo(1);
        assertThat(p.budgetNanos()).isEqualTo(max);
    }

    @Test
    void onlySoManyLoopsPollAtOnceAndAnotherSleepsAtOnce() throws Exception {
        AtomicInteger polling = new AtomicInteger();
        long max = TimeUnit.MILLISECONDS.toNanos(60_000);
        Clock clock = new Clock();
        EventLoops.Polling first = new EventLoops.Polling(max, polling, 1, clock);
        EventLoops.Polling second = new EventLoops.Polling(max, polling, 1, clock);
        assertThat(first.calculateStrategy(NOTHING, false)).isEqualTo(SelectStrategy.CONTINUE);
        assertThat(second.calculateStrategy(NOTHING, false)).isEqualTo(SelectStrategy.SELECT);
        assertThat(polling).hasValue(1);
        // the first finds work and stops polling: the second may poll on its next idle spell
        assertThat(first.calculateStrategy(ONE_READY, false)).isEqualTo(1);
        assertThat(polling).hasValue(0);
        assertThat(second.calculateStrategy(ONE_READY, false)).isEqualTo(1);
        assertThat(second.calculateStrategy(NOTHING, false)).isEqualTo(SelectStrategy.CONTINUE);
        assertThat(polling).hasValue(1);
    }

    @Test
    void theBudgetComesFromThePropertyAndABadOneIsRefused() {
        String before = System.getProperty(EventLoops.SPIN_PROPERTY);
        try {
            System.setProperty(EventLoops.SPIN_PROPERTY, "0");
            assertThat(EventLoops.spinMicros()).isZero();
            System.setProperty(EventLoops.SPIN_PROPERTY, "75");
            assertThat(EventLoops.spinMicros()).isEqualTo(75);
            System.setProperty(EventLoops.SPIN_PROPERTY, "-1");
            assertThatThrownBy(EventLoops::spinMicros).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'-1'");
            System.setProperty(EventLoops.SPIN_PROPERTY, "fast");
            assertThatThrownBy(EventLoops::spinMicros).hasMessageContaining("microseconds from 0 to 1000000");
        } finally {
            if (before == null) {
                System.clearProperty(EventLoops.SPIN_PROPERTY);
            } else {
                System.setProperty(EventLoops.SPIN_PROPERTY, before);
            }
        }
    }
}
