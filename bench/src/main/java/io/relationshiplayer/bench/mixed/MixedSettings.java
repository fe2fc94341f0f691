package io.relationshiplayer.bench.mixed;

import io.relationshiplayer.fdb.BackendSpec;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** What {@code rl bench mixed} runs. */
record MixedSettings(int rows, List<Integer> clients, double seconds, double stalenessSeconds, BackendSpec backend,
                     Optional<String> connect, long seed) {

    static MixedSettings parse(String[] args) {
        Integer rows = null;
        List<Integer> clients = null;
        Double seconds = null;
        double staleness = 10;
        String backend = "embedded:memory";
        Optional<String> connect = Optional.empty();
        long seed = 20_230_601L;
        boolean quick = false;
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
                case "--rows" -> rows = Integer.parseInt(value);
                case "--clients" -> clients = Arrays.stream(value.split(",")).map(String::trim).map(Integer::valueOf)
                        .toList();
                case "--seconds" -> seconds = Double.parseDouble(value);
                case "--staleness" -> staleness = Double.parseDouble(value);
                case "--backend" -> backend = value;
                case "--connect" -> connect = Optional.of(value);
                case "--seed" -> seed = Long.parseLong(value);
                default -> throw new IllegalArgumentException("unknown option " + name);
            }
        }
        int n = rows != null ? rows : quick ? 2_000 : 50_000;
        List<Integer> c = clients != null ? clients : quick ? List.of(1, 4) : List.of(1, 8, 64);
        double s = seconds != null ? seconds : quick ? 2 : 20;
        if (n < 2 || c.isEmpty() || c.stream().anyMatch(x -> x <= 0) || s <= 0 || staleness <= 0) {
            throw new IllegalArgumentException("--rows must be at least 2; --clients, --seconds and --staleness "
                    + "positive");
        }
        return new MixedSettings(n, c, s, staleness, BackendSpec.parse(backend), connect, seed);
    }
}
