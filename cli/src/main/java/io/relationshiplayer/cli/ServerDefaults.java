package io.relationshiplayer.cli;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import javax.annotation.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Defaults of {@code rl server}'s options from the environment and a config file, so that the precedence is: flags,
 * then environment variables {@code RL_<OPTION>} (upper case, dashes as underscores: {@code RL_STATEMENT_TIMEOUT}),
 * then the config file (Java properties keyed by the option's long name without dashes: {@code statement-timeout=30s}),
 * then the built-in defaults. The config file is {@code --config FILE}, else {@code RL_CONFIG}.
 */
final class ServerDefaults implements CommandLine.IDefaultValueProvider {
    static final String CONFIG_OPTION = "--config";
    static final String CONFIG_ENV = "RL_CONFIG";

    private final Map<String, String> env;
    private final Properties file;
    private final Path path;
    private final String problem;

    private ServerDefaults(Map<String, String> env, Properties file, @Nullable Path path, @Nullable String problem) {
        this.env = env;
        this.file = file;
        this.path = path;
        this.problem = problem;
    }

    /** Installs the defaults on the {@code server} subcommand of {@code root}, finding the config file in args. */
    static void install(CommandLine root, String[] args, Map<String, String> env) {
        CommandLine server = root.getSubcommands().get("server");
        server.setDefaultValueProvider(of(configPath(args, env), env));
    }

    /** Defaults from {@code env} and the properties file at {@code config} (null for none). */
    static ServerDefaults of(@Nullable Path config, Map<String, String> env) {
        Objects.requireNonNull(env, "env is null");
        Properties p = new Properties();
        if (config == null) {
            return new ServerDefaults(env, p, null, null);
        }
        try (Reader r = Files.newBufferedReader(config, StandardCharsets.UTF_8)) {
            p.load(r);
            return new ServerDefaults(env, p, config, null);
        } catch (IOException | IllegalArgumentException e) {
            return new ServerDefaults(env, new Properties(), config, "cannot read config file " + config + ": " + e);
        }
    }

    /** The value of {@code --config FILE} or {@code --config=FILE} after the {@code server} word, else RL_CONFIG. */
    @Nullable
    static Path configPath(String[] args, Map<String, String> env) {
        boolean inServer = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!inServer) {
                inServer = a.equals("server");
                continue;
            }
            if (a.equals("--")) {
                break;
            }
            if (a.equals(CONFIG_OPTION) && i + 1 < args.length) {
                return Path.of(args[i + 1]);
            }
            if (a.startsWith(CONFIG_OPTION + "=")) {
                return Path.of(a.substring(CONFIG_OPTION.length() + 1));
            }
        }
        String fromEnv = env.get(CONFIG_ENV);
        return fromEnv == null || fromEnv.isBlank() ? null : Path.of(fromEnv);
    }

    /** The key of an option in the file: its longest name without leading dashes. */
    static String key(OptionSpec option) {
        return option.longestName().replaceFirst("^-+", "");
    }

    /** The environment variable of an option: RL_ and its key in upper case, dashes as underscores. */
    static String envName(String key) {
        return "RL_" + key.toUpperCase(Locale.ROOT).replace('-', '_');
    }

    @Override
    public String defaultValue(ArgSpec arg) {
        if (!(arg instanceof OptionSpec option)) {
            return null;
        }
        String key = key(option);
        if (key.equals("config") || option.usageHelp() || option.versionHelp()) {
            return null;
        }
        String fromEnv = env.get(envName(key));
        if (fromEnv != null) {
            return fromEnv;
        }
        return file.getProperty(key);
    }

    /**
     * Fails if the config file could not be read or names options the command does not have (a typo must not be
     * silently ignored).
     */
    void check(CommandLine.Model.CommandSpec spec) {
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        Set<String> known = new TreeSet<>();
        for (OptionSpec o : spec.options()) {
            known.add(key(o));
        }
        Set<String> unknown = new TreeSet<>(file.stringPropertyNames());
        unknown.removeAll(known);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown keys in config file " + path + ": " + unknown
                    + " (keys are the long option names of rl server without dashes, e.g. port, statement-timeout)");
        }
    }
}
