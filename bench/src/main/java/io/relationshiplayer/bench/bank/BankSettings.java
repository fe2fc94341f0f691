package io.relationshiplayer.bench.bank;

import io.relationshiplayer.fdb.BackendSpec;
import java.nio.file.Path;
import java.util.Optional;

/** What {@code rl bench bank} runs. */
record BankSettings(int accounts, int clients, double warmup, double warmupMax, double seconds, long transfers, BackendSpec backend,
                    Optional<String> connect, double nemesisSeconds, int minKills, Nemesis.Fault fault,
                    double stopSeconds, Optional<String> postgres,
                    long seed, Optional<Path> reference, boolean batch) {

    static BankSettings parse(String[] args) {
        Integer accounts = null;
        Integer clients = null;
        Double seconds = null;
        Double warmup = null;
        Double warmupMax = null;
        long transfers = 0;
        String backend = "embedded:memory";
        Optional<String> connect = Optional.empty();
        double nemesis = 0;
        int kills = 1;
        Nemesis.Fault fault = Nemesis.Fault.KILL;
        double stopSeconds = 10;
        Optional<String> postgres = Optional.empty();
        long seed = 20_210_101L;
        Optional<Path> reference = Optional.empty();
        boolean quick = false;
        boolean batch = true;
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (name.equals("--quick")) {
                quick = true;
                continue;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("missing value after " + name);
            }
            String value = args[++i];
            switch (name) {
                case "--accounts" -> accounts = Integer.parseInt(value);
                case "--clients" -> clients = Integer.parseInt(value);
                case "--seconds" -> seconds = Double.parseDouble(value);
                case "--warmup" -> warmup = Double.parseDouble(value);
                case "--warmup-max" -> warmupMax = Double.parseDouble(value);
                case "--transfers" -> transfers = Long.parseLong(value);
                case "--backend" -> backend = value;
                case "--connect" -> connect = Optional.of(value);
                case "--nemesis" -> nemesis = Double.parseDouble(value);
                case "--kills" -> kills = Integer.parseInt(value);
                case "--fault" -> fault = switch (value) {
                    case "kill" -> Nemesis.Fault.KILL;
                    case "stop" -> Nemesis.Fault.STOP;
                    default -> throw new IllegalArgumentException("--fault is kill or stop, not " + value);
                };
                case "--stop-seconds" -> stopSeconds = Double.parseDouble(value);
                case "--postgres" -> postgres = Optional.of(value);
                case "--seed" -> seed = Long.parseLong(value);
                case "--reference" -> reference = Optional.of(Path.of(value));
                case "--transfer" -> batch = switch (value) {
                    case "batch" -> true;
                    case "transaction" -> false;
                    default -> throw new IllegalArgumentException("--transfer is batch or transaction, not " + value);
                };
                default -> throw new IllegalArgumentException("unknown option " + name);
            }
        }
        int n = accounts != null ? accounts : quick ? 1_000 : 10_000;
        int c = clients != null ? clients : quick ? 4 : 16;
        double s = seconds != null ? seconds : quick ? 3 : 60;
        // A timed run measures the steady state after the JIT compiled the hot paths (the first seconds of a JVM run
        // at a fraction of its speed); a nemesis run measures restarts, which are cold by design, and a counted run
        // counts everything.
        double w = warmup != null ? warmup : transfers > 0 || nemesis > 0 ? 0 : quick ? 1 : 10;
        // ... and it goes on until the JIT compiler has settled (JitSettling), up to --warmup-max from the start;
        // --quick, a nemesis run and --warmup 0 do not wait for it.
        double wm = warmupMax != null ? warmupMax : quick || nemesis > 0 || w == 0 ? w : Math.max(w, 120);
        BackendSpec spec = BackendSpec.parse(backend);
        if (n < 2 || c <= 0 || s <= 0 || transfers < 0 || nemesis < 0 || kills < 1 || w < 0) {
            throw new IllegalArgumentException("--accounts must be at least 2, --clients, --seconds and --kills "
                    + "positive, --transfers, --warmup and --nemesis not negative");
        }
        if (stopSeconds <= 0) {
            throw new IllegalArgumentException("--stop-seconds must be positive");
        }
        if (wm < w) {
            throw new IllegalArgumentException("--warmup-max must be at least --warmup");
        }
        if (w > 0 && transfers > 0) {
            throw new IllegalArgumentException("--warmup applies to a timed run (--seconds), not to --transfers");
        }
        if (transfers > Integer.MAX_VALUE - 1) {
            throw new IllegalArgumentException("--transfers must fit an int");
        }
        if (nemesis > 0 && connect.isPresent()) {
            throw new IllegalArgumentException("--nemesis runs its own server: it cannot be combined with --connect");
        }
        if (nemesis > 0 && spec.kind() != BackendSpec.Kind.DURABLE) {
            throw new IllegalArgumentException("--nemesis needs the durable engine: --backend embedded:<dir>");
        }
        return new BankSettings(n, c, w, wm, s, transfers, spec, connect, nemesis, kills, fault, stopSeconds, postgres,
                seed, reference, batch);
    }
}
