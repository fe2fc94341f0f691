package io.relationshiplayer.client;

import io.grpc.netty.shaded.io.netty.channel.Channel;
import io.grpc.netty.shaded.io.netty.channel.DefaultSelectStrategyFactory;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.IoHandlerFactory;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.SelectStrategy;
import io.grpc.netty.shaded.io.netty.channel.SelectStrategyFactory;
import io.grpc.netty.shaded.io.netty.channel.ServerChannel;
import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollIoHandler;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.nio.NioIoHandler;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioServerSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioSocketChannel;
import io.grpc.netty.shaded.io.netty.util.IntSupplier;
import java.nio.channels.spi.SelectorProvider;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * gRPC's transport threads, polling for a short while before they sleep. A unary call on loopback hands off between
 * four threads (the caller, the client's event loop twice, the server's event loop); each hand-off to a thread that
 * went to sleep wakes it through the kernel, and on a virtual machine whose idle cores halt (as ours do) each wake-up
 * costs tens of microseconds, more than everything else the call does. An event loop built here polls its sockets
 * without blocking, yielding its core to any other runnable thread between polls, for up to a budget after it last
 * had work, and sleeps only then. Under a stream of calls it never sleeps; when idle it sleeps as before.
 *
 * <p>The budget adapts: after an idle gap (from running out of work to the next work, polled or slept through)
 * longer than the budget, the next budget is half (down to a sixteenth); after a shorter one, the whole budget again.
 * So a loop whose traffic comes in gaps longer than the budget mostly sleeps at once. At most {@link #MAX_POLLING}
 * loops of the process poll at once (one core is left to the threads that do the work). {@value #SPIN_PROPERTY} (a
 * system property) or {@value #SPIN_ENV} (the environment) sets the budget in microseconds; 0 turns polling off; the
 * default is {@value #DEFAULT_SPIN_MICROS}.
 */
public final class EventLoops {
    /** The polling budget by default, in microseconds. */
    public static final long DEFAULT_SPIN_MICROS = 200;
    /** System property giving the budget in microseconds. */
    public static final String SPIN_PROPERTY = "rl.spinMicros";
    /** Environment variable giving the budget in microseconds (the property wins). */
    public static final String SPIN_ENV = "RL_SPIN_MICROS";

    /**
     * At most this many event loops of the process poll at once (one core fewer than the machine has, at least one):
     * a loop that goes idle while that many poll sleeps at once, leaving the cores to the threads that do the work.
     */
    static final int MAX_POLLING = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
    private static final AtomicInteger POLLING = new AtomicInteger();

    private static EventLoopGroup clients;

    private EventLoops() {
    }

    /** The budget this process uses: {@value #SPIN_PROPERTY}, else {@value #SPIN_ENV}, else the default. */
    public static long spinMicros() {
        String v = System.getProperty(SPIN_PROPERTY);
        if (v == null || v.isBlank()) {
            v = System.getenv(SPIN_ENV);
        }
        if (v == null || v.isBlank()) {
            return DEFAULT_SPIN_MICROS;
        }
        try {
            long micros = Long.parseLong(v.trim());
            if (micros < 0 || micros > 1_000_000) {
                throw new IllegalArgumentException();
            }
            return micros;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(SPIN_PROPERTY + " / " + SPIN_ENV + " must be microseconds from 0 to "
                    + "1000000, not '" + v + "'");
        }
    }

    /** Whether Linux's native epoll transport is used (else Java's NIO). */
    public static boolean isNative() {
        return Epoll.isAvailable();
    }

    /** An event loop group of {@code threads} daemon threads named {@code name-N}, polling {@code spinMicros}. */
    public static EventLoopGroup group(int threads, String name, long spinMicros) {
        SelectStrategyFactory strategy = spinMicros > 0 ? () -> new Polling(spinMicros * 1_000, POLLING, MAX_POLLING)
                : DefaultSelectStrategyFactory.INSTANCE;
        IoHandlerFactory io = Epoll.isAvailable() ? EpollIoHandler.newFactory(0, strategy)
                : NioIoHandler.newFactory(SelectorProvider.provider(), strategy);
        return new MultiThreadIoEventLoopGroup(threads, daemons(name), io);
    }

    /** The socket channel type for {@link #group} (epoll's where available). */
    public static Class<? extends Channel> channelType() {
        return Epoll.isAvailable() ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    /** The listening channel type for {@link #group} (epoll's where available). */
    public static Class<? extends ServerChannel> serverChannelType() {
        return Epoll.isAvailable() ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    /**
     * The event loops every channel of this client library shares (as gRPC's own shared group is shared): one thread
     * per core, daemons, made on first use and kept for the life of the process.
     */
    public static synchronized EventLoopGroup clientGroup() {
        if (clients == null) {
            clients = group(Math.max(2, Runtime.getRuntime().availableProcessors()), "rl-client-loop", spinMicros());
        }
        return clients;
    }

    private static ThreadFactory daemons(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /**
     * One event loop's strategy (each loop has its own: no sharing between threads). It measures each idle gap, from
     * the moment the loop ran out of work to the next work, whether it polled or slept through it: after a gap shorter
     * than the full budget it polls the full budget next time; after a longer one it halves the budget (down to a
     * sixteenth), so that a loop whose work comes in long gaps mostly sleeps at once. Only {@code maxPolling} loops
     * sharing {@code polling} poll at once; another one that goes idle sleeps at once.
     */
    static final class Polling implements SelectStrategy {
        private final long maxNanos;
        private final AtomicInteger polling;
        private final int maxPolling;
        private final LongSupplier clock;
        private long budgetNanos;
        private long idleSince = -1;
        private boolean slept;
        private boolean holding;

        Polling(long maxNanos, AtomicInteger polling, int maxPolling) {
            this(maxNanos, polling, maxPolling, System::nanoTime);
        }

        /** As the other constructor, reading the time from {@code clock} (nanoseconds). */
        Polling(long maxNanos, AtomicInteger polling, int maxPolling, LongSupplier clock) {
            this.clock = clock;
            this.maxNanos = maxNanos;
            this.polling = polling;
            this.maxPolling = maxPolling;
            this.budgetNanos = maxNanos;
        }

        /** The current budget, in nanoseconds. */
        long budgetNanos() {
            return budgetNanos;
        }

        @Override
        public int calculateStrategy(IntSupplier selectNow, boolean hasTasks) throws Exception {
            long now = clock.getAsLong();
            if (slept) {
                // woken from a blocking wait: its work (events, a task, a timer) has just been handled
                slept = false;
                adapt(now - idleSince);
                idleSince = -1;
            }
            int ready = selectNow.get();
            if (ready > 0 || hasTasks) {
                if (idleSince >= 0) {
                    release();
                    adapt(now - idleSince);
                    idleSince = -1;
                }
                return ready;
            }
            if (idleSince < 0) {
                idleSince = now;
                holding = polling.incrementAndGet() <= maxPolling;
                if (!holding) {
                    polling.decrementAndGet();
                }
            }
            if (holding && now - idleSince < budgetNanos) {
                Thread.yield();
                return SelectStrategy.CONTINUE;
            }
            release();
            slept = true;
            return SelectStrategy.SELECT;
        }

        private void release() {
            if (holding) {
                holding = false;
                polling.decrementAndGet();
            }
        }

        private void adapt(long gapNanos) {
            budgetNanos = gapNanos <= maxNanos ? maxNanos : Math.max(maxNanos / 16, budgetNanos / 2);
        }
    }
}
