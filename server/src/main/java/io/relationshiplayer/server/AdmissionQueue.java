package io.relationshiplayer.server;

import io.relationshiplayer.grpc.FlowControlledStreamer;
import java.util.AbstractQueue;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The {@link StatementPool}'s queue: work already admitted (a stream's later turns, when its client reads again or it
 * is cancelled) goes before new work and is never refused; new work (a statement's or a batch's first turn) waits in
 * arrival order, at most {@code maxWaiting} of it, and past that {@link #offer} refuses it. Each kind is first in,
 * first out.
 */
final class AdmissionQueue extends AbstractQueue<Runnable> implements BlockingQueue<Runnable> {
    private final int maxWaiting;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    private final ArrayDeque<Runnable> admitted = new ArrayDeque<>();
    private final ArrayDeque<Runnable> waiting = new ArrayDeque<>();
    private final long pollNanos;
    /** Tasks queued (admitted and waiting), for a polling worker to read without the lock. */
    private volatile int count;
    /** Whether a worker is polling (under the lock): then a new task wakes no sleeping worker, the poller takes it. */
    private boolean polling;
    /** Tasks offered while a worker polled, which woke no one (under the lock). */
    private int unsignalled;

    AdmissionQueue(int maxWaiting) {
        this(maxWaiting, 0);
    }

    /**
     * As {@link #AdmissionQueue(int)}; a worker that finds the queue empty polls it for up to {@code pollMicros} before
     * it sleeps (one worker at a time), so that work handed over soon after (the next statement of a client) needs no
     * sleeping thread woken: on a virtual machine whose idle cores halt, that wake-up is the dearest part of a short
     * statement's hand-over.
     */
    AdmissionQueue(int maxWaiting, long pollMicros) {
        this.maxWaiting = maxWaiting;
        this.pollNanos = pollMicros * 1_000;
    }

    /** Whether {@code task} continues work already admitted. */
    static boolean admitted(Runnable task) {
        return task instanceof FlowControlledStreamer.Turn t && t.resumed();
    }

    @Override
    public boolean offer(Runnable task) {
        lock.lock();
        try {
            if (admitted(task)) {
                admitted.addLast(task);
            } else if (waiting.size() < maxWaiting) {
                waiting.addLast(task);
            } else {
                return false;
            }
            count++;
            if (polling) {
                unsignalled++;
            } else {
                notEmpty.signal();
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean offer(Runnable task, long timeout, TimeUnit unit) {
        return offer(task);
    }

    @Override
    public void put(Runnable task) {
        if (!offer(task)) {
            throw new IllegalStateException("queue full");
        }
    }

    /** The next task, admitted work first; null if none. Under the lock. */
    private Runnable next() {
        Runnable r = admitted.pollFirst();
        if (r == null) {
            r = waiting.pollFirst();
        }
        if (r != null) {
            count--;
        }
        return r;
    }

    /**
     * A task that comes within the polling time, or null (then the caller waits as usual, looking at the queue first
     * under the lock: a task offered while this worker polled, which woke no one, is found there). One worker polls at
     * a time; a poller that takes a task while more wait wakes a sleeping worker for them.
     */
    private Runnable pollBriefly() {
        if (pollNanos <= 0) {
            return null;
        }
        lock.lock();
        try {
            Runnable r = next();
            if (r != null || polling) {
                return r;
            }
            polling = true;
        } finally {
            lock.unlock();
        }
        try {
            long start = System.nanoTime();
            do {
                if (count > 0) {
                    lock.lock();
                    try {
                        Runnable r = next();
                        if (r != null) {
                            stopPolling();
                            return r;
                        }
                    } finally {
                        lock.unlock();
                    }
                }
                Thread.yield();
            } while (System.nanoTime() - start < pollNanos);
            return null;
        } finally {
            lock.lock();
            try {
                if (polling) {
                    stopPolling();
                }
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * The poller stops (under the lock): the sleeping workers get the wake-ups that the tasks offered while it polled
     * did not give, as many as tasks are left (one too many at worst, when the poller takes one itself: that worker
     * finds the queue empty and sleeps again).
     */
    private void stopPolling() {
        polling = false;
        for (int i = Math.min(unsignalled, count); i > 0; i--) {
            notEmpty.signal();
        }
        unsignalled = 0;
    }

    @Override
    public Runnable poll() {
        lock.lock();
        try {
            return next();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Runnable take() throws InterruptedException {
        Runnable polled = pollBriefly();
        if (polled != null) {
            return polled;
        }
        lock.lockInterruptibly();
        try {
            Runnable r;
            while ((r = next()) == null) {
                notEmpty.await();
            }
            return r;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Runnable poll(long timeout, TimeUnit unit) throws InterruptedException {
        Runnable polled = pollBriefly();
        if (polled != null) {
            return polled;
        }
        long nanos = unit.toNanos(timeout);
        lock.lockInterruptibly();
        try {
            Runnable r;
            while ((r = next()) == null) {
                if (nanos <= 0) {
                    return null;
                }
                nanos = notEmpty.awaitNanos(nanos);
            }
            return r;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Runnable peek() {
        lock.lock();
        try {
            Runnable r = admitted.peekFirst();
            return r != null ? r : waiting.peekFirst();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean remove(Object task) {
        lock.lock();
        try {
            boolean removed = admitted.remove(task) || waiting.remove(task);
            if (removed) {
                count--;
            }
            return removed;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int size() {
        lock.lock();
        try {
            return admitted.size() + waiting.size();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int remainingCapacity() {
        lock.lock();
        try {
            return maxWaiting - waiting.size();
        } finally {
            lock.unlock();
        }
    }

    /** A snapshot, admitted work first. */
    @Override
    public Iterator<Runnable> iterator() {
        lock.lock();
        try {
            List<Runnable> all = new ArrayList<>(admitted);
            all.addAll(waiting);
            return all.iterator();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int drainTo(Collection<? super Runnable> to) {
        return drainTo(to, Integer.MAX_VALUE);
    }

    @Override
    public int drainTo(Collection<? super Runnable> to, int max) {
        lock.lock();
        try {
            int n = 0;
            Runnable r;
            while (n < max && (r = next()) != null) {
                to.add(r);
                n++;
            }
            return n;
        } finally {
            lock.unlock();
        }
    }
}
