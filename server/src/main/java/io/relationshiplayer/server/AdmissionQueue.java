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

    AdmissionQueue(int maxWaiting) {
        this.maxWaiting = maxWaiting;
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
            notEmpty.signal();
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
        return r != null ? r : waiting.pollFirst();
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
            return admitted.remove(task) || waiting.remove(task);
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
