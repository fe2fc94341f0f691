package io.relationshiplayer.server;

import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.relationshiplayer.client.EventLoops;

/**
 * The servers' transport threads, shared by every server of the process (as gRPC's default ones are): one thread that
 * accepts connections, and one event loop per core that reads, writes and (for the calls that run inline) answers.
 * The event loops poll for a while before they sleep ({@link EventLoops}: a call's hand-off to a sleeping thread is
 * the dearest part of a loopback call on a virtual machine); the acceptor sleeps at once. Daemon threads, made on first
 * use and kept for the life of the process.
 */
final class TransportThreads {
    private static EventLoopGroup boss;
    private static EventLoopGroup workers;

    private TransportThreads() {
    }

    static synchronized EventLoopGroup boss() {
        if (boss == null) {
            boss = EventLoops.group(1, "rl-accept", 0);
        }
        return boss;
    }

    static synchronized EventLoopGroup workers() {
        if (workers == null) {
            workers = EventLoops.group(Math.max(2, Runtime.getRuntime().availableProcessors()), "rl-server-loop",
                    EventLoops.spinMicros());
        }
        return workers;
    }
}
