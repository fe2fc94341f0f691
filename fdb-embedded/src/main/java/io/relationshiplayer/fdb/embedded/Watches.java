package io.relationshiplayer.fdb.embedded;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/** Watches registered by committed transactions: each fires once its key's value differs from the value it saw. */
final class Watches {
    /** FoundationDB's default limit of outstanding watches per database. */
    static final int LIMIT = 10_000;

    /** A watch: its key, the value its transaction saw (null if absent), and the future to complete. */
    record Watch(byte[] key, byte[] seen, CompletableFuture<Void> future) {
    }

    private final TreeMap<byte[], List<Watch>> byKey = new TreeMap<>(Keys.ORDER);
    private int count;

    boolean isEmpty() {
        return count == 0;
    }

    /** Registers {@code w}; returns false when it must fire at once because the value already changed. */
    boolean register(Watch w, byte[] current) {
        if (!Arrays.equals(w.seen(), current)) {
            return false;
        }
        if (count >= LIMIT) {
            w.future().completeExceptionally(FdbError.TOO_MANY_WATCHES.exception());
            return true;
        }
        byKey.computeIfAbsent(w.key(), k -> new ArrayList<>()).add(w);
        count++;
        return true;
    }

    /** Moves the watches on {@code key} whose value now differs into {@code fired}. */
    void changed(byte[] key, byte[] current, List<Watch> fired) {
        List<Watch> list = byKey.get(key);
        if (list != null) {
            collect(key, list, current, fired);
        }
    }

    /** Moves the watches in [begin, end) whose value now differs (they are cleared) into {@code fired}. */
    void clearedRange(byte[] begin, byte[] end, List<Watch> fired) {
        Iterator<Map.Entry<byte[], List<Watch>>> it = byKey.subMap(begin, true, end, false).entrySet().iterator();
        List<byte[]> keys = new ArrayList<>();
        while (it.hasNext()) {
            keys.add(it.next().getKey());
        }
        for (byte[] k : keys) {
            collect(k, byKey.get(k), null, fired);
        }
    }

    private void collect(byte[] key, List<Watch> list, byte[] current, List<Watch> fired) {
        Iterator<Watch> it = list.iterator();
        while (it.hasNext()) {
            Watch w = it.next();
            if (!Arrays.equals(w.seen(), current)) {
                fired.add(w);
                it.remove();
                count--;
            }
        }
        if (list.isEmpty()) {
            byKey.remove(key);
        }
    }

    /** Removes watches whose futures were cancelled by their owners. */
    void purgeCancelled() {
        Iterator<Map.Entry<byte[], List<Watch>>> it = byKey.entrySet().iterator();
        while (it.hasNext()) {
            List<Watch> list = it.next().getValue();
            int before = list.size();
            list.removeIf(w -> w.future().isDone());
            count -= before - list.size();
            if (list.isEmpty()) {
                it.remove();
            }
        }
    }
}
