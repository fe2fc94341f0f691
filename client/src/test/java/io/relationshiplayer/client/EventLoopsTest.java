package io.relationshiplayer.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.netty.shaded.io.netty.channel.SelectStrategy;
import io.grpc.netty.shaded.io.netty.util.IntSupplier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The transport threads' polling: how long a loop polls before it sleeps, and how that adapts. */
class EventLoopsTest {
    private static final IntSupplier NOTHING = () -> 0;
    private static final IntSupplier ONE_READY = () -> 1;

    /** Polls (CONTINUE) until the budget has passed, then sleeps (SELECT); returns how many polls it made. */
    private static int pollUntilSleep(EventLoops.Polling p) throws Exception {
        int polls = 0;
        while (p.calculateStrategy(NOTHING, false) == SelectStrategy.CONTINUE) {
            polls++;
        }
        return polls;
    }

    @Test
    void readyEventsAndTasksAreHandledAtOnceAndIdlenessPollsBeforeSleeping() throws Exception {
        EventLoops.Polling p = new EventLoops.Polling(TimeUnit.MICROSECONDS.toNanos(2_000), new AtomicInteger(), 1);
        assertThat(p.calculateStrategy(ONE_READY, false)).isEqualTo(1);
        assertThat(p.calculateStrategy(NOTHING, true)).isZero();
        long start = System.nanoTime();
        int polls = pollUntilSleep(p);
        assertThat(polls).isPositive();
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(TimeUnit.MICROSECONDS.toNanos(2_000));
    }

    @Test
    void longGapsHalveTheBudgetDownToASixteenthAndAShortGapRestoresIt() throws Exception {
        long max = TimeUnit.MICROSECONDS.toNanos(1_600);
        EventLoops.Polling p = new EventLoops.Polling(max, new AtomicInteger(), 1);
        for (int i = 0; i < 8; i++) {
            pollUntilSleep(p);
            Thread.sleep(5); // the loop slept through a gap longer than the budget
            assertThat(p.calculateStrategy(ONE_READY, false)).isEqualTo(1);
        }
        assertThat(p.budgetNanos()).isEqualTo(max / 16);
        // work that comes while the loop still polls: the whole budget again
        assertThat(p.calculateStrategy(NOTHING, false)).isEqualTo(SelectStrategy.CONTINUE);
        assertThat(p.calculateStrategy(ONE_READY, false)).isEqualTo(1);
        assertThat(p.budgetNanos()).isEqualTo(max);
    }

    @Test
    void onlySoManyLoopsPollAtOnceAndAnotherSleepsAtOnce() throws Exception {
        AtomicInteger polling = new AtomicInteger();
        long max = TimeUnit.MILLISECONDS.toNanos(60_000);
        EventLoops.Polling first = new EventLoops.Polling(max, polling, 1);
        EventLoops.Polling second = new EventLoops.Polling(max, polling, 1);
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
